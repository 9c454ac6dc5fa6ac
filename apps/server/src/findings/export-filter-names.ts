import {
  displayCity,
  FINDING_STATUS_LABELS,
  FINDING_SURFACE_LABELS,
  FINDING_TYPE_LABELS,
  type FindingListQuery,
  type FindingStatus,
  type FleetFindingFilter,
  type Language,
  SEVERITY_SCALE,
  type Severity,
  type TurbineFilters,
  TURBINE_ASSET_LABELS,
  turbineFiltersOfQuery,
} from '@windscope/contract';

/** The filters an export was made with, named in the file (issue 24 item 2): a first line of the CSV, a sheet of the
 *  XLSX. Words as the screens write them, in the request's language. */
export interface FilterLine {
  name: string;
  value: string;
}

const WORDS = {
  tr: {
    filters: 'Filtreler',
    none: 'yok (tüm bulgular)',
    sheet: 'Filtreler',
    filter: 'Filtre',
    value: 'Değer',
    turbine: 'Türbin',
    status: 'Durum',
    open: 'Açık',
    severity: 'Önem',
    minSeverity: 'En az önem',
    blade: 'Kanat',
    surface: 'Yüzey',
    type: 'Tür',
    year: 'Görüldüğü yıl',
    company: 'Şirket',
    search: 'Arama',
    city: 'Şehir',
    turbineYear: 'Yıl',
    worstSeverity: 'En kötü önem en az',
    turbines: 'Listelenen türbinler',
    distance: 'Kökten uzaklık',
    notGiven: 'girilmemiş',
    findings: 'Bulgular',
    orWorse: 've üstü',
  },
  en: {
    filters: 'Filters',
    none: 'none (all findings)',
    sheet: 'Filters',
    filter: 'Filter',
    value: 'Value',
    turbine: 'Turbine',
    status: 'Status',
    open: 'Open',
    severity: 'Severity',
    minSeverity: 'Severity at least',
    blade: 'Blade',
    surface: 'Surface',
    type: 'Type',
    year: 'Seen in',
    company: 'Company',
    search: 'Search',
    city: 'City',
    turbineYear: 'Year',
    worstSeverity: 'Worst severity at least',
    turbines: 'Turbines listed',
    distance: 'Distance from the root',
    notGiven: 'not given',
    findings: 'Findings',
    orWorse: 'or worse',
  },
} as const satisfies Record<Language, Record<string, string>>;
export const exportWords = (lang: Language) => WORDS[lang];

const severityName = (severity: number, lang: Language) => `${severity} · ${SEVERITY_SCALE[severity as Severity]?.[lang] ?? ''}`;

/** A turbine's findings list filters (the list route's query). */
export function findingFilterLines(query: Partial<FindingListQuery>, lang: Language): FilterLine[] {
  const w = WORDS[lang];
  const lines: FilterLine[] = [];
  if (query.status) {
    const names = query.status.split(',').map((s) => (s === 'open' ? w.open : (FINDING_STATUS_LABELS[s as FindingStatus]?.[lang] ?? s)));
    lines.push({ name: w.status, value: names.join(', ') });
  }
  if (query.severity !== undefined) lines.push({ name: w.severity, value: severityName(query.severity, lang) });
  if (query.min_severity !== undefined)
    lines.push({ name: w.minSeverity, value: `${severityName(query.min_severity, lang)} ${w.orWorse}` });
  if (query.blade) lines.push({ name: w.blade, value: query.blade });
  if (query.surface) lines.push({ name: w.surface, value: FINDING_SURFACE_LABELS[query.surface][lang] });
  if (query.type) lines.push({ name: w.type, value: FINDING_TYPE_LABELS[query.type][lang] });
  if (query.year !== undefined) lines.push({ name: w.year, value: String(query.year) });
  return lines;
}

/** The dashboard's turbine filters (and the superadmin's company choice). */
export function turbineFilterLines(filters: TurbineFilters, companyName: string | null, lang: Language): FilterLine[] {
  const w = WORDS[lang];
  const lines: FilterLine[] = [];
  if (companyName !== null) lines.push({ name: w.company, value: companyName });
  if (filters.text.trim()) lines.push({ name: w.search, value: filters.text.trim() });
  if (filters.city !== null) lines.push({ name: w.city, value: displayCity(filters.city) });
  if (filters.year !== null) lines.push({ name: w.turbineYear, value: String(filters.year) });
  if (filters.minSeverity !== null) lines.push({ name: w.worstSeverity, value: `${severityName(filters.minSeverity, lang)} ${w.orWorse}` });
  if (filters.manufacturer !== null) lines.push({ name: TURBINE_ASSET_LABELS.manufacturer[lang], value: filters.manufacturer });
  if (filters.model !== null) lines.push({ name: TURBINE_ASSET_LABELS.model[lang], value: filters.model });
  if (filters.bladeType !== null) lines.push({ name: TURBINE_ASSET_LABELS.blade_type[lang], value: filters.bladeType });
  return lines;
}

/** The fleet findings list's filters (GET /findings/export, as the fleet findings page shows them): the dashboard's
 *  turbine filters, the turbines without a model / blade type, the distance band, the statuses. */
export function fleetFilterLines(query: FleetFindingFilter, companyName: string | null, lang: Language): FilterLine[] {
  const w = WORDS[lang];
  const lines = turbineFilterLines(turbineFiltersOfQuery(query), companyName, lang);
  if (query.no_model) lines.push({ name: TURBINE_ASSET_LABELS.model[lang], value: w.notGiven });
  if (query.no_blade_type) lines.push({ name: TURBINE_ASSET_LABELS.blade_type[lang], value: w.notGiven });
  const metres = (value: number) => new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB').format(value);
  const { distance_from: from, distance_to: to } = query;
  if (from !== undefined || to !== undefined) {
    const band =
      from !== undefined && to !== undefined
        ? `${metres(from)}–${metres(to)} m`
        : from !== undefined
          ? `≥ ${metres(from)} m`
          : `< ${metres(to ?? 0)} m`;
    lines.push({ name: w.distance, value: band });
  }
  lines.push(...findingFilterLines({ status: query.status }, lang));
  return lines;
}

/** The CSV's first line: "Filtreler: Durum: Açık; En az önem: 5 · Kritik ve üstü" or "Filtreler: yok (tüm bulgular)". */
export function filterSummary(lines: readonly FilterLine[], lang: Language): string {
  const w = WORDS[lang];
  return `${w.filters}: ${lines.length ? lines.map((l) => `${l.name}: ${l.value}`).join('; ') : w.none}`;
}
