import { StorageClient } from '@supabase/storage-js';
import { baseUrl, fetchWithSession } from '@/lib/supabase';

/** supabase-js's Storage client with the tab's session: imported by the uploads alone, when they run. */
export const storage = new StorageClient(new URL('storage/v1', baseUrl).href, {}, fetchWithSession);
