import { afterEach } from 'vitest';
import { fakeMediaQueryList } from './screen.ts';

// antd's grid and some components subscribe to media queries, which jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
}

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
