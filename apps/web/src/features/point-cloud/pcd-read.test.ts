import { encodePcd, type PcdPoint } from '@windscope/contract/pcd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCloud, readCloudBytes } from './pcd-read.ts';
import { coloursFor } from './point-cloud-view.tsx';

const line = (n: number, withColour = true): PcdPoint[] =>
  Array.from({ length: n }, (_, i) => ({ x: i, y: i * 2, z: i / n, ...(withColour ? { rgb: 0xff0000, intensity: i } : {}) }));

const cloudOf = (answer: ReturnType<typeof readCloudBytes>) => {
  if (!('cloud' in answer)) throw new Error(`refused: ${answer.problem}`);
  return answer.cloud;
};

// DECISIONS §16: the browser reads a .pcd with three's PCDLoader after checking it, keeping at most the point budget
describe('reading a point cloud in the browser', () => {
  it.each(['ascii', 'binary', 'binary_compressed'] as const)(
    'reads a %s cloud whole under the budget, colours and intensity kept',
    (encoding) => {
      const cloud = cloudOf(readCloudBytes(encodePcd(line(50), encoding), 1000));
      expect([cloud.total, cloud.shown, cloud.encoding]).toEqual([50, 50, encoding]);
      expect(Array.from(cloud.positions.subarray(3, 6))).toEqual([1, 2, 0.02].map(Math.fround));
      // PCDLoader turns the file's sRGB red into linear red
      expect(Array.from(cloud.colours?.subarray(0, 3) ?? [])).toEqual([1, 0, 0]);
      expect(cloud.intensity?.[49]).toBe(49);
    },
  );

  it.each(['ascii', 'binary', 'binary_compressed'] as const)('keeps every n-th point of a %s cloud over the budget', (encoding) => {
    const cloud = cloudOf(readCloudBytes(encodePcd(line(1000), encoding), 100));
    expect([cloud.total, cloud.shown]).toEqual([1000, 100]);
    expect(cloud.positions[3]).toBe(10);
    expect(cloud.positions[99 * 3]).toBe(990);
    expect(cloud.intensity?.[1]).toBe(10);
  });

  it('drops NaN points and shows the rest; a cloud of NaN only has nothing to show', () => {
    const points = line(10, false);
    points[3] = { x: Number.NaN, y: Number.NaN, z: Number.NaN };
    expect(cloudOf(readCloudBytes(encodePcd(points, 'binary'), 100)).shown).toBe(9);
    const nan = { x: Number.NaN, y: 0, z: 0 };
    expect(readCloudBytes(encodePcd([nan, nan], 'ascii'), 100)).toEqual({ problem: 'no_points' });
  });

  it('names what is wrong with a damaged file instead of reading it', () => {
    const whole = encodePcd(line(100), 'binary');
    expect(readCloudBytes(whole.subarray(0, whole.length - 10), 100)).toEqual({ problem: 'truncated' });
    expect(readCloudBytes(encodePcd(line(10), 'binary', 170_000_000), 100)).toEqual({ problem: 'too_many_points' });
    expect(readCloudBytes(encodePcd(line(10), 'binary', 90_000_000), 100)).toEqual({ problem: 'truncated' });
    const ascii = encodePcd(line(10), 'ascii');
    expect(readCloudBytes(ascii.subarray(0, ascii.length - 30), 100)).toEqual({ problem: 'truncated' });
    const bad = new TextEncoder().encode('VERSION 0.7\nFIELDS x y z\nSIZE 4 4\nTYPE F F F\nPOINTS 1\nDATA ascii\n1 2 3\n');
    expect(readCloudBytes(bad, 100)).toEqual({ problem: 'header' });
    const noXyz = new TextEncoder().encode('VERSION 0.7\nFIELDS a b c\nSIZE 4 4 4\nTYPE F F F\nPOINTS 1\nDATA ascii\n1 2 3\n');
    expect(readCloudBytes(noXyz, 100)).toEqual({ problem: 'no_xyz' });
    const lzf = encodePcd(line(100), 'binary_compressed');
    const damaged = lzf.slice();
    damaged.fill(0xff, lzf.length - 600);
    expect(readCloudBytes(damaged, 1000)).toEqual({ problem: 'truncated' });
  });

  it('colours by height and intensity along the ramp, low blue and high red', () => {
    const points = Array.from({ length: 11 }, (_, i) => ({ x: 0, y: 0, z: i, rgb: 0, intensity: i * 10 }));
    const cloud = cloudOf(readCloudBytes(encodePcd(points, 'binary'), 100));
    const height = coloursFor(cloud, 'height');
    const [first, last] = [Array.from(height.subarray(0, 3)), Array.from(height.subarray(30, 33))];
    expect(first[2]).toBeGreaterThan(first[0] as number);
    expect(last[0]).toBeGreaterThan(last[2] as number);
    expect(coloursFor(cloud, 'rgb')).toBe(cloud.colours);
    expect(Array.from(coloursFor(cloud, 'intensity'))).toEqual(Array.from(height));
  });

  // the server's decimated copy (apps/server/src/media/point-cloud.ts) names its original's point count in a comment
  const copyOf = (points: PcdPoint[], source: number) => {
    const file = encodePcd(points, 'binary');
    const text = new TextDecoder('latin1').decode(file);
    const at = text.indexOf('\n') + 1;
    const comment = new TextEncoder().encode(`# windscope source points ${source}\n`);
    const out = new Uint8Array(file.length + comment.length);
    out.set(file.subarray(0, at));
    out.set(comment, at);
    out.set(file.subarray(at), at + comment.length);
    return out;
  };

  it("tells the original's point count from a decimated copy's comment", () => {
    const cloud = cloudOf(readCloudBytes(copyOf(line(40), 20_000_000), 100));
    expect([cloud.total, cloud.shown]).toEqual([20_000_000, 40]);
    // a comment never lowers the count of the file itself
    expect(cloudOf(readCloudBytes(copyOf(line(40), 3), 100)).total).toBe(40);
  });

  describe('downloading', () => {
    afterEach(() => vi.unstubAllGlobals());
    const serve = (files: Record<string, Uint8Array | number>) => {
      const asked: string[] = [];
      vi.stubGlobal('fetch', async (url: string) => {
        asked.push(url);
        const file = files[url];
        return typeof file === 'number' || file === undefined
          ? new Response('{}', { status: typeof file === 'number' ? file : 404 })
          : new Response(file.slice(), { headers: { 'content-length': String(file.length) } });
      });
      return asked;
    };

    it('reads the decimated copy, and the original only when the copy is not there', async () => {
      const copy = copyOf(line(20), 2000);
      let asked = serve({ '/copy': copy, '/original': encodePcd(line(2000), 'binary') });
      const first = await readCloud({ url: '/copy', fallbackUrl: '/original', budget: 100, maxBytes: 1e6 });
      expect(asked).toEqual(['/copy']);
      expect([cloudOf(first).total, cloudOf(first).shown]).toEqual([2000, 20]);

      asked = serve({ '/copy': 404, '/original': encodePcd(line(2000), 'binary') });
      const fallen = await readCloud({ url: '/copy', fallbackUrl: '/original', budget: 100, maxBytes: 1e6 });
      expect(asked).toEqual(['/copy', '/original']);
      expect([cloudOf(fallen).total, cloudOf(fallen).shown]).toEqual([2000, 100]);
    });

    it('does not fall back from a copy that is damaged, and says so when neither can be had', async () => {
      const copy = copyOf(line(20), 2000);
      serve({ '/copy': copy.subarray(0, copy.length - 7), '/original': encodePcd(line(2000), 'binary') });
      expect(await readCloud({ url: '/copy', fallbackUrl: '/original', budget: 100, maxBytes: 1e6 })).toEqual({ problem: 'truncated' });
      serve({ '/copy': 404, '/original': 403 });
      expect(await readCloud({ url: '/copy', fallbackUrl: '/original', budget: 100, maxBytes: 1e6 })).toEqual({ problem: 'load' });
    });
  });
});
