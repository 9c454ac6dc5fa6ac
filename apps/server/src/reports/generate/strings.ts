import type { Language } from '@windscope/contract';

/** Every word a generated report prints, in Turkish and English (the finding vocabularies and the severity scale come
 *  from the contract, findings.ts). */
const STRINGS = {
  title: { tr: 'Kanat Muayene Raporu', en: 'Blade Inspection Report' },
  campaignTitle: { tr: 'Kampanya Muayene Raporu', en: 'Campaign Inspection Report' },
  company: { tr: 'Şirket', en: 'Company' },
  site: { tr: 'Saha', en: 'Site' },
  turbine: { tr: 'Türbin', en: 'Turbine' },
  turbines: { tr: 'Türbinler', en: 'Turbines' },
  campaign: { tr: 'Kampanya', en: 'Campaign' },
  inspectionYear: { tr: 'Muayene yılı', en: 'Inspection year' },
  inspectionDates: { tr: 'Muayene tarihleri', en: 'Inspection dates' },
  issueDate: { tr: 'Düzenlenme tarihi', en: 'Issue date' },
  author: { tr: 'Hazırlayan', en: 'Author' },
  reviewer: { tr: 'Gözden geçiren', en: 'Reviewer' },
  alsoAuthor: { tr: '{name} (raporu da hazırladı)', en: '{name} (also prepared this report)' },
  none: { tr: '—', en: '—' },
  contents: { tr: 'İçindekiler', en: 'Contents' },
  page: { tr: 'Sayfa {n} / {total}', en: 'Page {n} of {total}' },
  summary: { tr: 'Özet', en: 'Summary' },
  summaryIntro: {
    tr: 'Bu rapor, gözden geçirilmiş bulgulardan oluşturulmuştur. Taslak ve reddedilmiş bulgular rapora alınmaz.',
    en: 'This report is generated from the reviewed findings. Draft and rejected findings are not included.',
  },
  severity: { tr: 'Önem derecesi', en: 'Severity' },
  meaning: { tr: 'Anlamı', en: 'Meaning' },
  action: { tr: 'Yapılacak işlem', en: 'Action' },
  findingsCount: { tr: 'Bulgu', en: 'Findings' },
  openCount: { tr: 'Açık', en: 'Open' },
  worstSeverity: { tr: 'En yüksek açık önem derecesi', en: 'Worst open severity' },
  overdueRepairs: { tr: 'Süresi geçmiş onarımlar', en: 'Overdue repairs' },
  overdueShort: { tr: 'Gecikmiş', en: 'Overdue' },
  noOverdue: { tr: 'Süresi geçmiş onarım yok.', en: 'No overdue repairs.' },
  noOpen: { tr: 'Açık bulgu yok', en: 'No open findings' },
  comparison: { tr: 'Geçen yılla karşılaştırma', en: 'Comparison with last year' },
  seenIn: { tr: '{year}', en: '{year}' },
  change: { tr: 'Değişim', en: 'Change' },
  newFindings: { tr: '{year} yılında yeni bulgular: {n}', en: 'New findings in {year}: {n}' },
  total: { tr: 'Toplam', en: 'Total' },
  turbineData: { tr: 'Türbin bilgileri', en: 'Turbine data' },
  turbineCode: { tr: 'Türbin kodu', en: 'Turbine code' },
  turbineName: { tr: 'Türbin adı', en: 'Turbine name' },
  city: { tr: 'Şehir', en: 'City' },
  location: { tr: 'Konum', en: 'Location' },
  coordinates: { tr: 'Koordinatlar', en: 'Coordinates' },
  rooms: { tr: 'Kanat içi oda sayısı', en: 'Rooms inside each blade' },
  photoCount: { tr: 'Fotoğraf sayısı', en: 'Photos' },
  stripMaps: { tr: 'Kanat haritaları', en: 'Blade maps' },
  stripMap: { tr: 'Kanat {blade}: kökten uca bulgular', en: 'Blade {blade}: findings from root to tip' },
  root: { tr: 'Kök', en: 'Root' },
  tip: { tr: 'Uç', en: 'Tip' },
  distanceAxis: { tr: 'Kökten uzaklık (m)', en: 'Distance from root (m)' },
  noDistance: { tr: 'Konumu ölçülmemiş bulgular: {list}', en: 'Findings without a measured position: {list}' },
  noFindingsOnBlade: { tr: 'Bu kanatta bulgu yok.', en: 'No findings on this blade.' },
  findings: { tr: 'Bulgular', en: 'Findings' },
  finding: { tr: 'Bulgu {n}', en: 'Finding {n}' },
  inApp: { tr: "Windscope'ta", en: 'In Windscope' },
  noFindings: { tr: 'Gözden geçirilmiş bulgu yok.', en: 'No reviewed findings.' },
  type: { tr: 'Tür', en: 'Type' },
  blade: { tr: 'Kanat', en: 'Blade' },
  surface: { tr: 'Yüzey', en: 'Surface' },
  room: { tr: 'Oda {n}', en: 'Room {n}' },
  position: { tr: 'Konum', en: 'Position' },
  distance: { tr: 'kökten {m} m', en: '{m} m from the root' },
  size: { tr: 'Boyut', en: 'Size' },
  sizeValue: { tr: '{l} × {w} mm', en: '{l} × {w} mm' },
  lengthValue: { tr: 'uzunluk {l} mm', en: 'length {l} mm' },
  depth: { tr: 'Derinlik', en: 'Depth' },
  status: { tr: 'Durum', en: 'Status' },
  dueDate: { tr: 'Onarım son tarihi', en: 'Repair due' },
  overdue: { tr: '(süresi geçti)', en: '(overdue)' },
  seen: { tr: 'Görüldüğü yıllar', en: 'Seen in' },
  growth: { tr: 'Büyüme', en: 'Growth' },
  growthValue: { tr: 'yılda {mm} mm', en: '{mm} mm per year' },
  notes: { tr: 'Notlar', en: 'Notes' },
  evidence: { tr: 'Kanıt görüntüleri', en: 'Evidence' },
  noCrop: { tr: 'Görüntü yok', en: 'No image' },
  repairEvidence: { tr: 'onarım', en: 'repair' },
  history: { tr: 'Geçmişten öne çıkanlar', en: 'History highlights' },
  eventCreated: { tr: 'Kaydedildi', en: 'Recorded' },
  eventStatus: { tr: 'Durum: {status}', en: 'Status: {status}' },
  eventSeverity: { tr: 'Önem derecesi: {from} → {to}', en: 'Severity: {from} → {to}' },
  eventLinked: { tr: 'Önceki yılın bulgusuyla birleştirildi', en: 'Linked with an earlier year’s finding' },
  reason: { tr: 'Gerekçe: {reason}', en: 'Reason: {reason}' },
  coverage: { tr: 'Kapsam tablosu', en: 'Coverage table' },
  coverageIntro: {
    tr: '{year} yılında kanat ve kaynak başına fotoğraf sayısı; boş hücreler çekilmemiş alanlardır.',
    en: 'Photos of {year} per blade and source; empty cells were not photographed.',
  },
  source: { tr: 'Kaynak', en: 'Source' },
  drone: { tr: 'Drone', en: 'Drone' },
  operator: { tr: 'Operatör', en: 'Operator' },
  robot: { tr: 'Robot', en: 'Robot' },
  interior: { tr: 'İç (360°), oda {n}', en: 'Interior (360°), room {n}' },
  notCovered: { tr: 'yok', en: 'none' },
  waived: { tr: 'muaf', en: 'waived' },
  waivedNote: { tr: '({n}) Muaf: {reason}', en: '({n}) Waived: {reason}' },
  notInspected: { tr: 'Muayene edilmeyen türbinler', en: 'Turbines without inspection' },
  notInspectedIntro: {
    tr: 'Bu türbinlerin {year} yılına ait fotoğrafı ve gözden geçirilmiş bulgusu yok; raporda kendi sayfaları yoktur.',
    en: 'These turbines have no photos of {year} and no reviewed findings; the report gives them no pages of their own.',
  },
  why: { tr: 'Neden', en: 'Why' },
  noPhotos: { tr: '{year} yılında fotoğraf çekilmedi', en: 'No photos taken in {year}' },
  waivedAll: { tr: 'Muaf: {reason}', en: 'Waived: {reason}' },
  signOff: { tr: 'Onay', en: 'Sign-off' },
  signOffText: {
    tr: 'Aşağıda imzası bulunanlar, bu raporda yer alan bulguların incelendiğini ve önem derecelerinin ölçeğe göre atandığını onaylar.',
    en: 'The undersigned confirm that the findings in this report were reviewed and their severities assigned according to the scale.',
  },
  preparedBy: { tr: 'Hazırlayan', en: 'Prepared by' },
  reviewedBy: { tr: 'Gözden geçiren', en: 'Reviewed by' },
  date: { tr: 'Tarih', en: 'Date' },
  signature: { tr: 'İmza', en: 'Signature' },
  severityScale: { tr: 'Önem derecesi ölçeği', en: 'Severity scale' },
  legend: {
    tr: 'Gösterim: daire = bulgu, numara = bulgu numarası, renk = önem derecesi',
    en: 'Legend: circle = finding, number = finding number, colour = severity',
  },
  generatedNote: { tr: 'Windscope tarafından oluşturuldu · girdi özeti {hash}', en: 'Generated by Windscope · inputs digest {hash}' },
} as const;

export type ReportStringKey = keyof typeof STRINGS;

export function reportText(language: Language, key: ReportStringKey, params: Record<string, string | number> = {}): string {
  return STRINGS[key][language].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Dates as the reader of each language writes them: 26.11.2026 / 26 Nov 2026. */
export function reportDate(language: Language, isoDay: string): string {
  const [y, m, d] = isoDay.slice(0, 10).split('-');
  if (language === 'tr') return `${d}.${m}.${y}`;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(d)} ${months[Number(m) - 1]} ${y}`;
}

export function reportNumber(language: Language, value: number, digits = 1): string {
  const text = value.toFixed(digits).replace(/\.0+$/, '');
  return language === 'tr' ? text.replace('.', ',') : text;
}
