import { useQuery } from '@tanstack/react-query';
import { fetchAttributes } from './catalogApi';
import type { ProductAttribute } from '../../../../generated/types';

/** The spec (0) or param (1) attributes of a product type, [] without a type. */
export const useTypeAttributes = (typeId: unknown, type: NonNullable<ProductAttribute['type']>) => {
  const id = Number(typeId) || 0;
  return useQuery({
    queryKey: ['productAttribute', 'ofType', id, type],
    queryFn: () => fetchAttributes(id, type),
    enabled: id > 0,
  });
};
