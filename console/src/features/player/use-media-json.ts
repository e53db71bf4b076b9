import { useQuery } from '@tanstack/react-query';

/**
 * A JSON side file of the media (filmstrip.json, waveform.json), read once per URL. The URLs are same-origin and the
 * session cookie authenticates them. A missing or malformed file yields null: the player then does without it.
 */
export function useMediaJson<T>(url: string | undefined, parse: (json: unknown) => T | null): T | null {
  const query = useQuery({
    queryKey: ['media-json', url],
    enabled: !!url,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    queryFn: async () => {
      const response = await fetch(url!, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return parse((await response.json()) as unknown);
    },
  });
  return query.data ?? null;
}
