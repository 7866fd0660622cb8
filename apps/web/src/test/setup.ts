import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { fakeMediaQueryList } from './screen.ts';

// antd's grid and some components subscribe to media queries, which jsdom does not implement.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
}

// `findBy…` and `waitFor` wait up to 5 s instead of 1 s: on CI's two shared cores a page's lazy
// parts (dialogs, bars) can take more than a second to arrive. Only a failing test waits longer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
