import { count } from 'drizzle-orm';
import type { Role, TurbineStatus } from '@windscope/contract';
import { hashPassword } from '../auth/passwords.ts';
import type { AppContext } from '../context.ts';
import { companies, turbines, users } from './schema.ts';
import { emailSkeleton } from '../users/email-identity.ts';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS: {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  company: 'internal' | 'ege' | 'marmara';
  isProtected?: boolean;
}[] = [
  {
    email: 'superadmin@windscope.example',
    firstName: 'Selin',
    lastName: 'Aydın',
    role: 'superadmin',
    company: 'internal',
    isProtected: true,
  },
  { email: 'admin@ege.example', firstName: 'Emre', lastName: 'Yıldız', role: 'admin', company: 'ege' },
  { email: 'manager@ege.example', firstName: 'Zeynep', lastName: 'Kaya', role: 'company_manager', company: 'ege' },
  { email: 'operator@ege.example', firstName: 'Mert', lastName: 'Demir', role: 'operator', company: 'ege' },
  { email: 'customer@ege.example', firstName: 'Ayşe', lastName: 'Çelik', role: 'customer', company: 'ege' },
  { email: 'viewer@ege.example', firstName: 'Can', lastName: 'Öztürk', role: 'viewer', company: 'ege' },
  { email: 'admin@marmara.example', firstName: 'Deniz', lastName: 'Arslan', role: 'admin', company: 'marmara' },
  { email: 'operator@marmara.example', firstName: 'Burak', lastName: 'Şahin', role: 'operator', company: 'marmara' },
];

interface DemoTurbine {
  company: 'ege' | 'marmara';
  turbineName: string;
  city: string;
  code: string;
  location: string;
  siteName: string;
  coordinates: string;
  rooms: number;
  status: TurbineStatus;
  year: number;
}

export const DEMO_TURBINES: DemoTurbine[] = [
  {
    company: 'ege',
    turbineName: 'Bergama RES T-01',
    city: 'izmir',
    code: 'EGE-BRG-01',
    location: 'Bergama, Kozak Yaylası',
    siteName: 'Bergama RES',
    coordinates: '39.1842,27.0861',
    rooms: 9,
    status: 'active',
    year: 0,
  },
  {
    company: 'ege',
    turbineName: 'Çeşme RES T-04',
    city: 'izmir',
    code: 'EGE-CSM-04',
    location: 'Çeşme, Germiyan',
    siteName: 'Çeşme RES',
    coordinates: '38.3003,26.3772',
    rooms: 6,
    status: 'maintenance',
    year: -1,
  },
  {
    company: 'ege',
    turbineName: 'Soma RES T-12',
    city: 'manisa',
    code: 'EGE-SOM-12',
    location: 'Soma, Kınık yolu',
    siteName: 'Soma RES',
    coordinates: '39.1856,27.6094',
    rooms: 9,
    status: 'active',
    year: -2,
  },
  {
    company: 'ege',
    turbineName: 'Didim RES T-02',
    city: 'aydın',
    code: 'EGE-DDM-02',
    location: 'Didim, Akbük',
    siteName: 'Didim RES',
    coordinates: '37.3756,27.2669',
    rooms: 3,
    status: 'faulty',
    year: -1,
  },
  {
    company: 'ege',
    turbineName: 'Milas RES T-07',
    city: 'muğla',
    code: 'EGE-MLS-07',
    location: 'Milas, Ören',
    siteName: 'Milas RES',
    coordinates: '37.3167,27.7833',
    rooms: 5,
    status: 'offline',
    year: -3,
  },
  {
    company: 'ege',
    turbineName: 'Karaburun RES T-03',
    city: 'izmir',
    code: 'EGE-KRB-03',
    location: 'Karaburun, Mordoğan',
    siteName: 'Karaburun RES',
    coordinates: '38.6256,26.6131',
    rooms: 4,
    status: 'active',
    year: 0,
  },
  {
    company: 'marmara',
    turbineName: 'Bandırma RES T-05',
    city: 'balıkesir',
    code: 'MRM-BND-05',
    location: 'Bandırma, Edincik',
    siteName: 'Bandırma RES',
    coordinates: '40.3467,27.8647',
    rooms: 7,
    status: 'active',
    year: 0,
  },
  {
    company: 'marmara',
    turbineName: 'Gelibolu RES T-09',
    city: 'çanakkale',
    code: 'MRM-GLB-09',
    location: 'Gelibolu, Evreşe',
    siteName: 'Gelibolu RES',
    coordinates: '40.4100,26.6700',
    rooms: 8,
    status: 'inactive',
    year: -2,
  },
  {
    company: 'marmara',
    turbineName: 'Şarköy RES T-01',
    city: 'tekirdağ',
    code: 'MRM-SRK-01',
    location: 'Şarköy, Mürefte',
    siteName: 'Şarköy RES',
    coordinates: '40.6119,27.1100',
    rooms: 3,
    status: 'unknown',
    year: -1,
  },
];

/** Fills an empty database with the demo companies, accounts and turbines. Returns false when data exists already. */
export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  const [existing] = await ctx.db.select({ n: count() }).from(companies);
  if (existing && existing.n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(companies)
      .values([
        {
          name: 'Windscope',
          contactEmail: 'info@windscope.example',
          phone: '+90 232 555 01 00',
          address: 'Bayraklı, İzmir',
          authorizedNumber: 'Selin Aydın',
          isInternal: true,
        },
        {
          name: 'Ege Rüzgar Enerji',
          contactEmail: 'iletisim@ege.example',
          phone: '+90 232 555 20 20',
          address: 'Alsancak, Konak, İzmir',
          authorizedNumber: 'Emre Yıldız',
        },
        {
          name: 'Marmara Enerji',
          contactEmail: 'info@marmara.example',
          phone: '+90 266 555 30 30',
          address: 'Karesi, Balıkesir',
          authorizedNumber: 'Deniz Arslan',
        },
      ])
      .returning({ id: companies.id });
    const ids = { internal: inserted[0]?.id ?? 0, ege: inserted[1]?.id ?? 0, marmara: inserted[2]?.id ?? 0 };
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((a) => ({
        email: a.email,
        emailSkeleton: emailSkeleton(a.email),
        firstName: a.firstName,
        lastName: a.lastName,
        role: a.role,
        companyId: ids[a.company],
        passwordHash,
        isProtected: a.isProtected ?? false,
      })),
    );
    await tx.insert(turbines).values(
      DEMO_TURBINES.map((t, i) => {
        const created = new Date(Date.UTC(now.getUTCFullYear() + t.year, (i * 3) % 12, 5 + i));
        const stamp = created > now ? now : created;
        return {
          turbineName: t.turbineName,
          city: t.city,
          code: t.code,
          location: t.location,
          siteName: t.siteName,
          coordinates: t.coordinates,
          rooms: t.rooms,
          status: t.status,
          companyId: ids[t.company],
          createdAt: stamp,
          updatedAt: stamp,
        };
      }),
    );
  });
  return true;
}
