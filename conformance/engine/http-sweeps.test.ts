import { describe, expect, it } from 'vitest';
import { pathVariants } from './http-sweeps.js';

describe('pathVariants', () => {
  it('writes each variant a proxy or router normalises to a collection path', () => {
    expect(pathVariants('/pets', '/v1')).toEqual([
      { path: '/pets/', description: 'a trailing slash' },
      { path: '//pets', description: 'a doubled slash' },
      { path: '/./pets', description: 'a "." segment' },
      { path: '/kit-x/../pets', description: 'a ".." segment' },
      { path: '/pets;jsessionid=kit', description: 'a matrix parameter' },
      { path: '/%70ets', description: 'a percent-encoded letter' },
      { path: '/PETS', description: 'its first segment in upper case' },
      { path: '/V1/pets', fromOrigin: true, description: 'the base path in upper case' },
      { path: '/%2Fpets', description: 'an encoded slash (%2F) before it' },
    ]);
  });

  it("varies the separator before an item path's last segment too", () => {
    const paths = pathVariants('/pets/1', '/v1').map((v) => v.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/pets/1/',
        '//pets/1',
        '/pets//1',
        '/pets/./1',
        '/pets/kit-x/../1',
        '/pets%2F1',
        '/pets/1;kit=1',
        '/pets;jsessionid=kit/1',
        '/V1/pets/1',
      ]),
    );
  });

  it('leaves out variants that would be the path itself (no letters to change case, no base path)', () => {
    const paths = pathVariants('/42', '').map((v) => v.path);
    expect(paths).not.toContain('/42');
    expect(pathVariants('/42', '').some((v) => v.fromOrigin)).toBe(false);
    expect(pathVariants('/', '/v1')).toEqual([]);
  });
});
