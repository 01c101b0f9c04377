import { Injectable } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import { EMAIL_CHECK_ENDPOINT, type EmailValidationResponse } from '@nl/contracts-validation';
import { DomainCache, cacheKey, replyEnvelope } from '@nl/platform-cache';
import type { RequestScope } from '@nl/platform-context';
import { DomainError } from '@nl/platform-errors';
import { DisposableService } from '../disposable/disposable.service.js';
import { DnsResolver } from '../upstream/dns/dns.client.js';
import { NXDOMAIN } from '../upstream/dns/dns.types.js';
import { domainPartOf } from './domain-part.js';
import { parseEmailAddress } from './email-syntax.js';

interface MailDomain {
  readonly exists: boolean;
  readonly hasMx: boolean;
  readonly nullMx: boolean;
}

/**
 * `POST /v1/validate/email`: (1) RFC 5321 syntax, (2) the domain exists in DNS, (3) it has MX
 * records (a null MX, RFC 7505, means it takes no mail). Each check is judged on its own as
 * far as it can be, so a bad local part on a good domain fails only `format`; a domain that
 * does not exist fails `domain_exists` and, necessarily, `has_mx_record`. Any failure is 422
 * with the same body; a DNS server that does not answer is 503, never a failed check.
 */
@Injectable()
export class EmailService {
  constructor(
    private readonly resolver: DnsResolver,
    private readonly disposable: DisposableService,
    private readonly cache: DomainCache,
  ) {}

  async validate(
    email: string,
    scope: RequestScope,
  ): Promise<ReplyEnvelope<EmailValidationResponse>> {
    const cached = await this.cache.through(
      cacheKey(scope, EMAIL_CHECK_ENDPOINT, `email:${email}`),
      () => this.check(email, scope),
    );
    if (!cached.value.valid)
      throw new DomainError('unprocessable', cached.value.message, { body: cached.value });
    return replyEnvelope('dns', cached);
  }

  private async check(email: string, scope: RequestScope): Promise<EmailValidationResponse> {
    const syntax = parseEmailAddress(email);
    const domain = syntax.ok ? syntax.domain : domainPartOf(email);
    const mail = domain
      ? await this.mailDomain(domain, scope)
      : { exists: false, hasMx: false, nullMx: false };
    const checks = {
      format: syntax.ok,
      domain_exists: mail.exists,
      has_mx_record: mail.hasMx,
      is_disposable: domain ? this.disposable.isDisposable(domain) : false,
    };
    const valid = checks.format && checks.domain_exists && checks.has_mx_record;
    const message = !syntax.ok
      ? syntax.message
      : !mail.exists
        ? `The domain ${domain} does not exist in DNS.`
        : mail.nullMx
          ? `The domain ${domain} publishes a null MX record (RFC 7505): it accepts no mail.`
          : !mail.hasMx
            ? `The domain ${domain} has no MX records, so it does not receive mail.`
            : checks.is_disposable
              ? 'The address is well-formed and its domain accepts mail; the domain is a disposable-mail provider.'
              : 'The address is well-formed and its domain accepts mail.';
    return { valid, email, checks, message };
  }

  private async mailDomain(domain: string, scope: RequestScope): Promise<MailDomain> {
    const mx = await this.resolver.query(domain, 'MX', scope);
    if (mx === NXDOMAIN) return { exists: false, hasMx: false, nullMx: false };
    const real = mx.filter((r) => r.target && r.target !== '.');
    return { exists: true, hasMx: real.length > 0, nullMx: mx.length > 0 && real.length === 0 };
  }
}
