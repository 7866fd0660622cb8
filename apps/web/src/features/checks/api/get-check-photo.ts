import { useQuery } from '@tanstack/react-query';
import { fetchFile, fileUrl } from '../../../lib/download-file.ts';
import { checksKeys } from './keys.ts';

/** A Blob as a `data:` URL: an image source that needs no object URL to revoke. */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return `data:${blob.type || 'image/jpeg'};base64,${btoa(binary)}`;
}

/**
 * A check's kiosk photo (decision 034) as an image source: fetched with the session's token,
 * never cached by the browser (the server says `private, no-store`) and dropped by the query
 * cache once the viewer closes.
 */
export function useCheckPhoto(checkId: number, direction: 'IN' | 'OUT', enabled: boolean) {
  return useQuery({
    queryKey: checksKeys.photo(checkId, direction),
    queryFn: async () =>
      dataUrlOf((await fetchFile(fileUrl(`/checks/${checkId}/photo`, { direction }))).blob),
    enabled,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    meta: { silentError: true },
  });
}
