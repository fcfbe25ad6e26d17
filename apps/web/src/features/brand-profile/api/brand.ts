import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandResource } from '@comped/shared/schemas/resources';
import type { BrandGeneralInput, BrandSocialNetworksInput } from '@comped/shared/validation/brand';
import { api, uploadWithProgress } from '../../../lib/api-client';

/** GET brands/{id}: the owner's brand with locations, menus and photos. */
export function getBrand(brandId: number): Promise<BrandResource> {
  return api<{ data: BrandResource }>(`brands/${brandId}`).then((r) => r.data);
}

export const brandQueryKey = (brandId: number) => ['brand', brandId] as const;

export function brandQueryOptions(brandId: number) {
  return queryOptions({ queryKey: brandQueryKey(brandId), queryFn: () => getBrand(brandId) });
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
      queryClient.setQueryData(brandQueryKey(brandId), brand);
      void queryClient.invalidateQueries({ queryKey: ['locations'] });
    },
  });
}

/** PATCH brands/{id}: general info. */
export function useUpdateBrand(brandId: number) {
  return useBrandWrite(brandId, (body: BrandGeneralInput) =>
    api<{ data: BrandResource }>(`brands/${brandId}`, { method: 'PATCH', body }).then((r) => r.data),
  );
}

/** PUT brands/{id}/field or, for an empty value, DELETE brands/{id}/field. */
export function useSetBrandField(brandId: number) {
  return useBrandWrite(brandId, ({ field, value }: { field: string; value: string | null }) =>
    api<{ data: BrandResource }>(`brands/${brandId}/field`, {
      method: value ? 'PUT' : 'DELETE',
      body: value ? { field, value } : { field },
    }).then((r) => r.data),
  );
}

/** PUT brands/socialnetworks/{id}: replaces the brand's links. */
export function useUpdateSocialNetworks(brandId: number) {
  return useBrandWrite(brandId, (body: BrandSocialNetworksInput) =>
    api<{ data: BrandResource }>(`brands/socialnetworks/${brandId}`, { method: 'PUT', body }).then((r) => r.data),
  );
}

/** POST brands/{id}/logo (multipart `file`), with progress. */
export function useUploadLogo(brandId: number) {
  return useBrandWrite(brandId, ({ file, onProgress }: { file: File; onProgress: (p: number) => void }) => {
    const form = new FormData();
    form.append('file', file);
    return uploadWithProgress<{ data: BrandResource }>(`brands/${brandId}/logo`, form, onProgress).then((r) => r.data);
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
      return uploadWithProgress<{ data: BrandResource }>(`brands/${brandId}/menu`, form, onProgress).then(
        (r) => r.data,
      );
    },
  );
}

/** DELETE brands/{id}/menu {path}. */
export function useDeleteMenu(brandId: number) {
  return useBrandWrite(brandId, (path: string) =>
    api<{ data: BrandResource }>(`brands/${brandId}/menu`, { method: 'DELETE', body: { path } }).then((r) => r.data),
  );
}
