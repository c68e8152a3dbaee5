import { describe, expect, it } from 'vitest';
import { stockImageOrigins } from './image-origins.js';

describe('stock image origins', () => {
  it('are the real image hosts, or a stand-in API itself', () => {
    expect(
      stockImageOrigins({ unsplashUrl: 'https://api.unsplash.com', pexelsUrl: 'https://api.pexels.com/' }),
    ).toEqual(['https://images.unsplash.com', 'https://plus.unsplash.com', 'https://images.pexels.com']);
    expect(
      stockImageOrigins({ unsplashUrl: 'http://127.0.0.1:4100', pexelsUrl: 'http://127.0.0.1:4100/v1' }),
    ).toEqual(['http://127.0.0.1:4100']);
  });
});
