/** The two lists of disposable-mail domains, lower-case A-labels; replaced as a whole. */
export interface DomainLists {
  readonly deny: ReadonlySet<string>;
  /** Domains that are never disposable, even when a deny list has them (the allowlist wins). */
  readonly allow: ReadonlySet<string>;
}

/** Which part of the lists a downloaded file belongs to. */
export type ListPart = 'deny' | 'allow';

export interface ListUrls {
  readonly deny: readonly string[];
  readonly allow?: readonly string[];
}

export type RefreshResult =
  | {
      readonly ok: true;
      readonly changed: boolean;
      readonly size: number;
      readonly allowSize: number;
      readonly source: string;
    }
  | { readonly ok: false; readonly reason: string };
