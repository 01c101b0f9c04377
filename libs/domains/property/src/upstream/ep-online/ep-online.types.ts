/**
 * One `PandEnergielabelV5` record of EP-Online API v5, as its documentation lists it. Every member
 * is optional and nullable: older labels lack the BENG values, newer ones the energy index, and
 * summary answers leave members out. Dates come as date or date-time strings.
 */
export interface EpLabel {
  readonly Pand_opname_id?: number | null;
  readonly Registratiedatum?: string | null;
  readonly Opnamedatum?: string | null;
  readonly Geldig_tot?: string | null;
  readonly Certificaathouder?: string | null;
  readonly Soort_opname?: string | null;
  readonly Status?: string | null;
  readonly Berekeningstype?: string | null;
  readonly IsVereenvoudigdLabel?: boolean | null;
  readonly Op_basis_van_referentiegebouw?: boolean | null;
  readonly Gebouwklasse?: string | null;
  readonly Gebouwtype?: string | null;
  readonly Gebouwsubtype?: string | null;
  readonly SBIcode?: string | null;
  readonly Postcode?: string | null;
  readonly Huisnummer?: number | null;
  readonly Huisletter?: string | null;
  readonly Huisnummertoevoeging?: string | null;
  readonly Detailaanduiding?: string | null;
  readonly BAGVerblijfsobjectID?: string | null;
  readonly BAGLigplaatsID?: string | null;
  readonly BAGStandplaatsID?: string | null;
  readonly BAGPandIDs?: readonly string[] | null;
  readonly Bouwjaar?: number | null;
  readonly Gebruiksoppervlakte_thermische_zone?: number | null;
  readonly Compactheid?: number | null;
  readonly Energieklasse?: string | null;
  readonly EnergieIndex?: number | null;
  readonly EnergieIndex_EMG_forfaitair?: number | null;
  readonly Energiebehoefte?: number | null;
  readonly PrimaireFossieleEnergie?: number | null;
  readonly Primaire_fossiele_energie_EMG_forfaitair?: number | null;
  readonly Aandeel_hernieuwbare_energie?: number | null;
  readonly Aandeel_hernieuwbare_energie_EMG_forfaitair?: number | null;
  readonly Temperatuuroverschrijding?: number | null;
  readonly Warmtebehoefte?: number | null;
  readonly Eis_energiebehoefte?: number | null;
  readonly Eis_primaire_fossiele_energie?: number | null;
  readonly Eis_aandeel_hernieuwbare_energie?: number | null;
  readonly Eis_temperatuuroverschrijding?: number | null;
  readonly BerekendeCO2Emissie?: number | null;
  readonly BerekendeEnergieverbruik?: number | null;
}
