import type { DynamicModule, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants.js';
import { PATTERN_METADATA } from '@nestjs/microservices/constants.js';
import type { AppPart } from '@nl/platform-runtime';

/** The transport handler of a subject: the controller class and its method. */
export interface SubjectHandler {
  readonly domain: string;
  readonly handler: Type;
  readonly method: string;
}

type Imported = NonNullable<AppPart['imports']>[number];

/** The modules a part's module imports, itself first, each once. */
function modulesOf(imports: readonly Imported[], seen = new Set<unknown>()): Type[] {
  const out: Type[] = [];
  for (const entry of imports) {
    const dynamic = entry as DynamicModule;
    const module = (typeof entry === 'function' ? entry : dynamic.module) as Type | undefined;
    if (!module || seen.has(module)) continue;
    seen.add(module);
    out.push(module);
    const nested = [
      ...(Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? []),
      ...(dynamic.imports ?? []),
    ] as Imported[];
    out.push(...modulesOf(nested, seen));
  }
  return out;
}

/**
 * Every subject the domains' modules answer, with its handler: read from Nest's metadata (the
 * modules' `controllers`, the handlers' `@MessagePattern`), as the transport registers them.
 */
export function subjectHandlers(
  parts: Readonly<Record<string, AppPart>>,
): Map<string, SubjectHandler> {
  const handlers = new Map<string, SubjectHandler>();
  for (const [domain, part] of Object.entries(parts))
    for (const module of modulesOf(part.imports)) {
      const controllers: Type[] = Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) ?? [];
      for (const handler of controllers)
        for (const method of Object.getOwnPropertyNames(handler.prototype)) {
          const fn = (handler.prototype as Record<string, unknown>)[method];
          if (method === 'constructor' || typeof fn !== 'function') continue;
          const patterns: unknown = Reflect.getMetadata(PATTERN_METADATA, fn);
          for (const subject of [patterns ?? []].flat())
            if (typeof subject === 'string') handlers.set(subject, { domain, handler, method });
        }
    }
  return handlers;
}
