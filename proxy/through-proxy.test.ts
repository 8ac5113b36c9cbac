import { describe, expect, it } from 'vitest';
import { throughProxy } from './server.js';

describe('throughProxy: an upstream Location as the client reaches it through the proxy', () => {
  const upstream = new URL('http://staging.test:8080/catalogue/v2');
  const at = (value: string, basePath = '/shop') => throughProxy(value, upstream, basePath, '127.0.0.1:4010');

  it('moves a path under the upstream base path under the proxy base path', () => {
    expect(at('/catalogue/v2/products/7')).toBe('/shop/products/7');
    expect(at('/catalogue/v2/products?page=2#top')).toBe('/shop/products?page=2#top');
    expect(at('/catalogue/v2')).toBe('/shop');
    expect(at('/catalogue/v2/products/7', '')).toBe('/products/7');
    expect(at('/catalogue/v2', '')).toBe('/');
  });

  it('moves an absolute URL at the upstream to the proxy host', () => {
    expect(at('http://staging.test:8080/catalogue/v2/products/7?x=1')).toBe(
      'http://127.0.0.1:4010/shop/products/7?x=1',
    );
  });

  it('leaves what is not the upstream alone', () => {
    expect(at('/catalogue/v20/products/7')).toBe('/catalogue/v20/products/7');
    expect(at('/other/7')).toBe('/other/7');
    expect(at('products/7')).toBe('products/7');
    expect(at('//cdn.test/catalogue/v2/x')).toBe('//cdn.test/catalogue/v2/x');
    expect(at('https://elsewhere.test/catalogue/v2/products/7')).toBe('https://elsewhere.test/catalogue/v2/products/7');
    expect(at('http://staging.test:8080/other')).toBe('http://staging.test:8080/other');
  });
});
