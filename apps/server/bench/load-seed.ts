/** The data `npm run bench:load` runs against, added beside the demo data the server seeds at its first start:
 *  an account per virtual user (several roles, three companies), a few hundred turbines, a few thousand photo rows
 *  whose thumbnails exist as real WebP files in the storage folder (one turbine with a large count), and comments.
 *  Written straight into the database and the storage folder: the upload pipeline has its own benchmark. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import sharp from 'sharp';
import type { Blade, PhotoCategory, Role } from '@windscope/contract';
import { hashPassword } from '../src/auth/passwords.ts';
import * as schema from '../src/db/schema.ts';
import { THUMBNAIL_WIDTH } from '../src/media/images.ts';
import { photoKey, previewKeyOf, thumbnailKeyOf } from '../src/uploads/storage-keys.ts';

const { comments, companies, photos, turbines, users } = schema;

export const LOAD_PASSWORD = 'load-password-1';

export interface LoadAccount {
  email: string;
  role: Role;
  company: 'internal' | 'ege' | 'marmara';
}

export interface SeedOptions {
  databaseUrl: string;
  /** DATA_DIR/files of the server (local folder storage) */
  storageRoot: string;
  accounts: number;
  turbines: number;
  /** photo rows on the one large turbine */
  bigTurbinePhotos: number;
  /** the other turbines get 0..this many photos each */
  maxPhotosPerTurbine: number;
  maxCommentsPerTurbine: number;
}

export interface SeedResult {
  accounts: LoadAccount[];
  turbines: number;
  photos: number;
  thumbnails: number;
  comments: number;
  bigTurbineId: number;
  bigTurbineCode: string;
}

/** Deterministic, so every run loads the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Role mix of the virtual users: mostly company staff, a few platform superadmins. */
const ROLE_MIX: { role: Role; share: number }[] = [
  { role: 'superadmin', share: 0.05 },
  { role: 'admin', share: 0.1 },
  { role: 'company_manager', share: 0.15 },
  { role: 'operator', share: 0.3 },
  { role: 'customer', share: 0.25 },
  { role: 'viewer', share: 0.15 },
];

export function loadAccounts(count: number): LoadAccount[] {
  const accounts: LoadAccount[] = [];
  for (let i = 0; i < count; i++) {
    const position = (i + 0.5) / count;
    let acc = 0;
    let role: Role = 'viewer';
    for (const r of ROLE_MIX) {
      acc += r.share;
      if (position < acc) {
        role = r.role;
        break;
      }
    }
    // two of every three company users work for Ege (the larger fleet), one for Marmara
    const company = role === 'superadmin' ? 'internal' : i % 3 === 2 ? 'marmara' : 'ege';
    const domain = company === 'internal' ? 'windscope' : company;
    accounts.push({ email: `load${String(i + 1).padStart(3, '0')}@${domain}.example`, role, company });
  }
  return accounts;
}

const CITIES = ['izmir', 'manisa', 'aydın', 'muğla', 'balıkesir', 'çanakkale', 'tekirdağ', 'denizli'];
const STATUSES = ['active', 'active', 'active', 'maintenance', 'faulty', 'offline', 'inactive', 'unknown'] as const;
const BLADES: Blade[] = ['A', 'B', 'C'];
const CATEGORIES: PhotoCategory[] = ['drone', 'operator', 'robot'];
const WORDS = ['Kanat', 'ucunda', 'erozyon', 'görüldü', 'kontrol', 'edildi', 'leading edge', 'çatlak', 'yok', 'bakım', 'planlandı', 'OK'];

/** A handful of real thumbnails the size uploads make (WebP, 400 px wide, quality 72): a gradient with grain, so they
 *  weigh what a photo's thumbnail weighs (~10-15 KB) rather than a flat picture's 2 KB. Reused across the photo rows. */
async function thumbnailVariants(random: () => number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let v = 0; v < 6; v++) {
    const width = THUMBNAIL_WIDTH;
    const height = v % 3 === 2 ? 300 : 200;
    const raw = Buffer.alloc(width * height * 3);
    const grain = () => (random() - 0.5) * 40;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        raw[i] = Math.max(0, Math.min(255, 60 + 20 * v + y / 2 + grain()));
        raw[i + 1] = Math.max(0, Math.min(255, 110 + x / 8 + grain()));
        raw[i + 2] = Math.max(0, Math.min(255, 200 - y / 3 - 10 * v + grain()));
      }
    }
    out.push(
      await sharp(raw, { raw: { width, height, channels: 3 } })
        .webp({ quality: 72, effort: 2 })
        .toBuffer(),
    );
  }
  return out;
}

export async function seedLoadData(options: SeedOptions): Promise<SeedResult> {
  const random = prng(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 });
  const db = drizzle(pool, { schema });
  try {
    const companyRows = await db.select({ id: companies.id, name: companies.name, isInternal: companies.isInternal }).from(companies);
    const companyId = {
      internal: companyRows.find((c) => c.isInternal)?.id ?? 0,
      ege: companyRows.find((c) => c.name.startsWith('Ege'))?.id ?? 0,
      marmara: companyRows.find((c) => c.name.startsWith('Marmara'))?.id ?? 0,
    };
    if (!companyId.internal || !companyId.ege || !companyId.marmara) throw new Error('the demo companies are missing (DEMO_SEED)');

    // accounts: one per virtual user, one password hash for all
    const accounts = loadAccounts(options.accounts);
    const passwordHash = await hashPassword(LOAD_PASSWORD);
    await db.insert(users).values(
      accounts.map((a, i) => ({
        firstName: 'Yük',
        lastName: `Kullanıcı ${i + 1}`,
        email: a.email,
        passwordHash,
        role: a.role,
        companyId: companyId[a.company],
      })),
    );
    const staff = await db.select({ id: users.id, companyId: users.companyId, first: users.firstName, last: users.lastName }).from(users);
    const staffOf = (company: number) => staff.filter((u) => u.companyId === company);

    // turbines: two thirds Ege, one third Marmara, after the demo ones
    await db.insert(turbines).values(
      Array.from({ length: options.turbines }, (_, i) => {
        const company = i % 3 === 2 ? 'marmara' : 'ege';
        return {
          turbineName: `Yük RES T-${String(i + 1).padStart(3, '0')}`,
          name: `T-${i + 1}`,
          city: CITIES[i % CITIES.length] ?? 'izmir',
          code: `${company === 'ege' ? 'EGE' : 'MRM'}-LD-${String(i + 1).padStart(3, '0')}`,
          location: `Saha ${Math.floor(i / 12) + 1}, Yamaç ${(i % 12) + 1}`,
          siteName: `Yük RES ${Math.floor(i / 12) + 1}`,
          coordinates: `${(37 + (i % 300) / 100).toFixed(4)},${(26 + (i % 17) / 10).toFixed(4)}`,
          rooms: 3 + (i % 7),
          status: STATUSES[i % STATUSES.length],
          companyId: companyId[company],
        };
      }),
    );
    const allTurbines = await db
      .select({ id: turbines.id, code: turbines.code, companyId: turbines.companyId, rooms: turbines.rooms })
      .from(turbines);
    // the demo's first Ege turbine becomes the large one (it already has the demo's uploaded panoramas)
    const big = allTurbines.find((t) => t.code === 'EGE-BRG-01') ?? allTurbines[0];
    if (!big) throw new Error('no turbines');

    // photo rows and their thumbnail files
    const variants = await thumbnailVariants(random);
    const year = new Date().getFullYear();
    const start = Date.now() - 365 * 24 * 3600 * 1000;
    let serial = 0;
    let photoCount = 0;
    const thumbnailWrites: { key: string; bytes: Buffer }[] = [];
    const photoRowsFor = (turbine: (typeof allTurbines)[number], count: number) =>
      Array.from({ length: count }, () => {
        const n = ++serial;
        const category = random() < 0.8 ? undefined : pick(CATEGORIES);
        const blade = pick(BLADES);
        const room = category ? undefined : 1 + Math.floor(random() * turbine.rooms);
        const photoYear = year - (random() < 0.7 ? 0 : 1);
        const createdAt = new Date(start + n * 7_919_000 + Math.floor(random() * 1000));
        const name = `IMG_${String(n).padStart(5, '0')}.jpg`;
        const key = photoKey(turbine.id, { category, year: photoYear, blade, room }, `${createdAt.getTime()}-${100_000_000 + n}-${name}`);
        const uploaders = staffOf(turbine.companyId);
        thumbnailWrites.push({ key: thumbnailKeyOf(key), bytes: variants[n % variants.length] as Buffer });
        return {
          turbineId: turbine.id,
          storageKey: key,
          originalName: name,
          room: room ?? null,
          blade,
          category: category ?? null,
          year: photoYear,
          month: 1 + Math.floor(random() * 12),
          sizeBytes: 6_000_000 + Math.floor(random() * 8_000_000),
          mimeType: 'image/jpeg',
          sha256: (n * 2654435761).toString(16).padStart(64, '0'),
          width: category ? 4000 : 8000,
          height: category ? 3000 : 4000,
          thumbnailKey: thumbnailKeyOf(key),
          previewKey: previewKeyOf(key),
          uploadedBy: uploaders.length ? pick(uploaders).id : null,
          createdAt,
        };
      });
    const insertPhotos = async (rows: ReturnType<typeof photoRowsFor>) => {
      for (let i = 0; i < rows.length; i += 500) await db.insert(photos).values(rows.slice(i, i + 500));
      photoCount += rows.length;
    };
    await insertPhotos(photoRowsFor(big, options.bigTurbinePhotos));
    for (const turbine of allTurbines) {
      if (turbine.id === big.id) continue;
      await insertPhotos(photoRowsFor(turbine, Math.floor(random() * (options.maxPhotosPerTurbine + 1))));
    }
    for (let i = 0; i < thumbnailWrites.length; i += 64) {
      await Promise.all(
        thumbnailWrites.slice(i, i + 64).map(async ({ key, bytes }) => {
          const file = path.join(options.storageRoot, ...key.split('/'));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, bytes);
        }),
      );
    }

    // comments, oldest first, by people of the turbine's company
    let commentCount = 0;
    for (const turbine of allTurbines) {
      const authors = staffOf(turbine.companyId);
      const n = Math.floor(random() * (options.maxCommentsPerTurbine + 1));
      if (!authors.length || !n) continue;
      await db.insert(comments).values(
        Array.from({ length: n }, (_, i) => {
          const author = pick(authors);
          const at = new Date(start + (i + 1) * 86_400_000 * 20 + Math.floor(random() * 86_400_000));
          return {
            turbineId: turbine.id,
            userId: author.id,
            userName: `${author.first} ${author.last}`,
            body: Array.from({ length: 4 + Math.floor(random() * 10) }, () => pick(WORDS)).join(' '),
            createdAt: at,
            updatedAt: at,
          };
        }),
      );
      commentCount += n;
    }
    return {
      accounts,
      turbines: allTurbines.length,
      photos: photoCount,
      thumbnails: thumbnailWrites.length,
      comments: commentCount,
      bigTurbineId: big.id,
      bigTurbineCode: big.code,
    };
  } finally {
    await pool.end();
  }
}
