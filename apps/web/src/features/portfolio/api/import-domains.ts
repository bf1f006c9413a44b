import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ImportResult, importResultSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { domainKeys } from './query-keys';

export interface ImportDomainsRequest {
  domainList: string;
  file: File | null;
}

export type ImportDomainsResponse = ImportResult;

/** The 400 body of a refused import: the shared message and the offending names. */
export interface ImportRefusal {
  detail: string;
  invalid: string[];
  invalid_count: number;
}

export function isImportRefusal(body: unknown): body is ImportRefusal {
  const b = body as Partial<ImportRefusal> | null;
  return !!b && typeof b === 'object' && typeof b.detail === 'string' && Array.isArray(b.invalid);
}

/** POST /api/domains/ as multipart: `domain_list` (text) and `file` (txt, csv, xls, xlsx). */
export async function importDomains({ domainList, file }: ImportDomainsRequest): Promise<ImportDomainsResponse> {
  const form = new FormData();
  form.append('domain_list', domainList);
  if (file) form.append('file', file, file.name);
  return importResultSchema.parse(await api.post<unknown>('/api/domains/', form));
}

export function useImportDomains() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importDomains,
    onSuccess: () => client.invalidateQueries({ queryKey: domainKeys.all }),
  });
}
