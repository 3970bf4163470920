import type { CustomFoodCreateRequest, CustomFoodResponse } from '@healthfolio/core/foods/custom-food.schema';
import type { Food } from '@healthfolio/core/foods/food-database';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

const KEY = ['custom-foods'] as const;

/** The user's own foods, stored on the server, in the built-in list's shape so search treats them alike. */
export const customFoodsQuery = queryOptions({
  queryKey: KEY,
  queryFn: async (): Promise<Food[]> =>
    (await api<{ items: CustomFoodResponse[] }>('/api/v1/foods/custom')).items.map((f) => ({
      id: f.id,
      name: f.name,
      carbs_per_100g: f.carbs_per_100g,
      serving_size: f.serving_size || 'your serving',
    })),
});

export const useCustomFoods = () => useQuery(customFoodsQuery);

export const useAddCustomFood = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomFoodCreateRequest) =>
      api<CustomFoodResponse>('/api/v1/foods/custom', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

export const useRemoveCustomFood = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/v1/foods/custom/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};
