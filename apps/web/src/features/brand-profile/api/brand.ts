import type { BrandResource } from '@comped/shared/schemas/resources';
import type { BrandGeneralInput, BrandSocialNetworksInput } from '@comped/shared/validation/brand';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { brandPath } from '../../../api/brand-requests';
import { locationKeys } from '../../../api/locations';
import { apiParseEarly, earlyInitialData } from '../../../boot/early-request';
import { apiParse } from '../../../lib/api-client';
import { uploadParse } from '../../../lib/uploads/api-upload';

/**
 * GET brands/{id}: the owner's brand with locations, menus and photos. The dashboard's may already be
 * under way (boot/early-reads.ts): then its answer is taken.
 */
export async function getBrand(brandId: number): Promise<BrandResource> {
  return (await apiParseEarly(brandPath(brandId), 'brand')).data;
}

/** The brand is read by this feature only; its locations are shared (api/locations.ts). */
export const brandKeys = {
  all: ['brand'] as const,
  detail: (brandId: number) => [...brandKeys.all, brandId] as const,
};

export function brandQueryOptions(brandId: number) {
  return queryOptions({
    queryKey: brandKeys.detail(brandId),
    queryFn: () => getBrand(brandId),
    ...earlyInitialData(brandPath(brandId), 'brand', undefined, (answer) => answer.data),
  });
}

export function useBrand(brandId: number | undefined) {
  return useQuery({ ...brandQueryOptions(brandId ?? 0), enabled: !!brandId });
}

/** Every brand write answers the whole brand: the cache is replaced with it. */
function useBrandWrite<TVars>(brandId: number, fn: (vars: TVars) => Promise<BrandResource>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKeys.detail(brandId), brand);
      void queryClient.invalidateQueries({ queryKey: locationKeys.all });
    },
  });
}

/** PATCH brands/{id}: general info. */
export function useUpdateBrand(brandId: number) {
  return useBrandWrite(brandId, (body: BrandGeneralInput) =>
    apiParse(`brands/${brandId}`, 'brand', { method: 'PATCH', body }).then((r) => r.data),
  );
}

/** PUT brands/{id}/field or, for an empty value, DELETE brands/{id}/field. */
export function useSetBrandField(brandId: number) {
  return useBrandWrite(brandId, ({ field, value }: { field: string; value: string | null }) =>
    apiParse(`brands/${brandId}/field`, 'brand', {
      method: value ? 'PUT' : 'DELETE',
      body: value ? { field, value } : { field },
    }).then((r) => r.data),
  );
}

/** PUT brands/socialnetworks/{id}: replaces the brand's links. */
export function useUpdateSocialNetworks(brandId: number) {
  return useBrandWrite(brandId, (body: BrandSocialNetworksInput) =>
    apiParse(`brands/socialnetworks/${brandId}`, 'brand', { method: 'PUT', body }).then((r) => r.data),
  );
}

/** POST brands/{id}/logo (multipart `file`), with progress. */
export function useUploadLogo(brandId: number) {
  return useBrandWrite(brandId, ({ file, onProgress }: { file: File; onProgress: (p: number) => void }) => {
    const form = new FormData();
    form.append('file', file);
    return uploadParse(`brands/${brandId}/logo`, form, 'brand', onProgress).then((r) => r.data);
  });
}

/** POST brands/{id}/menu {file, name}, with progress. */
export function useUploadMenu(brandId: number) {
  return useBrandWrite(
    brandId,
    ({ file, name, onProgress }: { file: File; name: string; onProgress: (p: number) => void }) => {
      const form = new FormData();
      form.append('name', name);
      form.append('file', file);
      return uploadParse(`brands/${brandId}/menu`, form, 'brand', onProgress).then((r) => r.data);
    },
  );
}

/** DELETE brands/{id}/menu {path}. */
export function useDeleteMenu(brandId: number) {
  return useBrandWrite(brandId, (path: string) =>
    apiParse(`brands/${brandId}/menu`, 'brand', { method: 'DELETE', body: { path } }).then((r) => r.data),
  );
}
