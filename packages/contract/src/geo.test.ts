import { describe, expect, it } from 'vitest';
import { coordinatesSchema } from './schemas.ts';
import { distanceInMetres, parseCoordinates } from './geo.ts';

describe('a turbine coordinates text as a point (issue 24 item 22)', () => {
  it.each([
    ['39.1842,27.0861', 39.1842, 27.0861],
    ['  39.1842 , 27.0861 ', 39.1842, 27.0861],
    ['39.1842;27.0861', 39.1842, 27.0861],
    ['39.1842 27.0861', 39.1842, 27.0861],
    ['39,1842, 27,0861', 39.1842, 27.0861],
    ['39,1842;27,0861', 39.1842, 27.0861],
    ['39.1842° N, 27.0861° E', 39.1842, 27.0861],
    ['39.1842K 27.0861D', 39.1842, 27.0861],
    ['33.86 S, 151.21 E', -33.86, 151.21],
    ['-33.86,-70.65', -33.86, -70.65],
    ['+38,27', 38, 27],
    ['90,180', 90, 180],
    ['-90,-180', -90, -180],
  ])('%j is %d, %d', (text, latitude, longitude) => {
    const point = parseCoordinates(text);
    expect(point?.latitude).toBeCloseTo(latitude, 6);
    expect(point?.longitude).toBeCloseTo(longitude, 6);
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    '39.1842',
    'Bergama',
    '91,27',
    '39,181',
    '-90.5,10',
    '39.18,27.08,5',
    '39.18 E, 27.08 N',
    'NaN,NaN',
    'Infinity,1',
    '1e2,3',
    '39.18,,27.08',
    '0x20,0x10',
    '39.18\n27.08x',
  ])('%j is no position', (text) => {
    expect(parseCoordinates(text)).toBeNull();
  });

  it('reads every value the turbine form accepts', () => {
    for (const text of ['38.4237,27.1428', '-9.5, -170.25', '0,0', '89.999999,179.999999']) {
      expect(coordinatesSchema.safeParse(text).success).toBe(true);
      expect(parseCoordinates(text)).not.toBeNull();
    }
  });
});

describe('distance between two points', () => {
  it('is zero for one point and symmetric', () => {
    const bergama = { latitude: 39.1842, longitude: 27.0861 };
    expect(distanceInMetres(bergama, bergama)).toBe(0);
    const soma = { latitude: 39.1856, longitude: 27.6094 };
    expect(distanceInMetres(bergama, soma)).toBeCloseTo(distanceInMetres(soma, bergama), 6);
  });

  it('matches known distances', () => {
    // one thousandth of a degree of latitude: about 111 m anywhere
    expect(distanceInMetres({ latitude: 39, longitude: 27 }, { latitude: 39.001, longitude: 27 })).toBeCloseTo(111.19, 1);
    // Bergama RES to Soma RES, both in the demo: 45.1 km along the parallel
    expect(distanceInMetres({ latitude: 39.1842, longitude: 27.0861 }, { latitude: 39.1856, longitude: 27.6094 }) / 1000).toBeCloseTo(
      45.1,
      1,
    );
    // Land's End to John o' Groats, the worked example of the haversine formula (Movable Type): 968.9 km
    expect(distanceInMetres({ latitude: 50.0664, longitude: -5.7147 }, { latitude: 58.6439, longitude: -3.07 }) / 1000).toBeCloseTo(
      968.9,
      0,
    );
    // the antipodes: half the circumference, never NaN from rounding past 1
    expect(distanceInMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6_371_008.8, 0);
  });
});
