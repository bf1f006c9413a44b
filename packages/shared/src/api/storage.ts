import { z } from 'zod';

/** GET /storage/object/{key} of the embedded storage: the stored bytes (200 whole, 206 a range). */
export const storedObjectBody = z.string().describe('The stored file, sent as its own content type (a video).');
