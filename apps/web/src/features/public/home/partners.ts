// The partner logos of the home page strip (spec §2: seven partners). Logos are our own SVG files (loaded as images,
// cached, outside the page's JS). `kind` is the catalog key of what the partner is (home:partners.kind.*);
// names are brand names, the same in every language.
import berrak from './logos/berrak.svg?no-inline';
import derinmavi from './logos/derinmavi.svg?no-inline';
import kobigem from './logos/kobigem.svg?no-inline';
import meltem from './logos/meltem.svg?no-inline';
import nautica from './logos/nautica.svg?no-inline';
import poyraz from './logos/poyraz.svg?no-inline';
import uak from './logos/uak.svg?no-inline';

export const PARTNERS = [
  { id: 'meltem', name: 'Meltem Rüzgar', kind: 'wind', logo: meltem, width: 140 },
  { id: 'poyraz', name: 'Poyraz Enerji', kind: 'energy', logo: poyraz, width: 134 },
  { id: 'kobigem', name: 'KOBİGEM', kind: 'smallBusiness', logo: kobigem, width: 168 },
  { id: 'derinmavi', name: 'Derin Mavi Subsea', kind: 'underwater', logo: derinmavi, width: 168 },
  { id: 'berrak', name: 'Berrak Su', kind: 'water', logo: berrak, width: 160 },
  { id: 'uak', name: 'Ulusal Araştırma Konseyi', kind: 'research', logo: uak, width: 148 },
  { id: 'nautica', name: 'Nautica ROV Systems', kind: 'rov', logo: nautica, width: 156 },
] as const;

export type Partner = (typeof PARTNERS)[number];
