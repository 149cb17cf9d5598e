// Copy an example into my dishes, or duplicate one of mine: the server creates an independent own dish,
// and the user lands on it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Dish } from '@almendra/contracts';
import { showSuccess } from '../../../lib/toast';
import { dishesApi } from '../api/dishes-api';

export function useCopyDish() {
  const { t } = useTranslation('foods');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dish: Pick<Dish, 'id' | 'example'>) => dishesApi.copy(dish.id),
    onSuccess: async (copy, source) => {
      await queryClient.invalidateQueries({ queryKey: ['dishes'] });
      showSuccess(
        source.example ? t('dishes.copiedTitle') : t('dishes.duplicatedTitle'),
        t('dishes.copiedMessage', { name: copy.name }),
      );
      void navigate(`/detalle-comida/${encodeURIComponent(copy.id)}`);
    },
  });
}
