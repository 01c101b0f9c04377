/** An authority as the v4 API writes it; `naam` is a string in v4, an array in v1 (accept both). */
export interface RpAuthority {
  readonly type?: string | null;
  readonly code?: string | null;
  readonly naam?: string | readonly string[] | null;
}

/** One plan of `_embedded.plannen` (ruimtelijke-plannen.md, Calls; members read defensively). */
export interface RpPlan {
  readonly id: string;
  readonly type?: string | null;
  readonly naam?: string | null;
  readonly beleidsmatigVerantwoordelijkeOverheid?: RpAuthority | null;
  readonly publicerendBevoegdGezag?: RpAuthority | null;
  readonly planstatusInfo?: {
    readonly planstatus?: string | null;
    readonly datum?: string | null;
  } | null;
  readonly isHistorisch?: boolean | null;
  readonly isTamPlan?: boolean | null;
  readonly isParapluplan?: boolean | null;
  readonly verwijderdOp?: string | null;
  readonly eindeRechtsgeldigheid?: string | null;
  readonly _links?: { readonly self?: { readonly href?: string } };
}

/** One bestemmingsvlak (ruimtelijke-plannen.md, Calls; `naam` and `bestemmingshoofdgroep` seen). */
export interface RpBestemmingsvlak {
  readonly id?: string | null;
  readonly type?: string | null;
  readonly naam?: string | null;
  readonly bestemmingshoofdgroep?: string | null;
}

/** A HAL page of the search answers. */
export interface RpPage<K extends string, T> {
  readonly _embedded?: { readonly [key in K]?: readonly T[] };
  readonly _links?: { readonly next?: { readonly href?: string } };
}
