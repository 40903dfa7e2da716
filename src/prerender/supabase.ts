// '@/lib/supabase' in the prerender build: painting a page never calls the API, whose client needs
// the browser's origin and storage.
const notWhilePainting = (): never => {
  throw new Error('The API is not called while a page is painted');
};

export const authStorageKey = 'sb-prerender-auth-token';
export const baseUrl = '/';
export const currentAccessToken = notWhilePainting;
export const fetchWithSession = notWhilePainting;
export const supabase = new Proxy({}, { get: notWhilePainting });
