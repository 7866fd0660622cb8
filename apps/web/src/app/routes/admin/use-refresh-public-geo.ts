import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { citiesQueryOptions } from '../../../features/cities/api/get-cities.ts';
import { countriesQueryOptions } from '../../../features/countries/api/get-countries.ts';

/**
 * After the super admin edits the directory, the lists every form reads (GET /countries,
 * GET /cities) are refetched too.
 */
export function useRefreshPublicGeo(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: countriesQueryOptions().queryKey });
    // Every city query starts with the same root, whatever its country and search.
    void queryClient.invalidateQueries({ queryKey: citiesQueryOptions({}).queryKey.slice(0, 1) });
  }, [queryClient]);
}
