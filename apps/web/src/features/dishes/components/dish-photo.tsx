// A dish's photo (read with the bearer token into an object URL) and the upload/remove controls of the
// detail page. The list shows the same photo as a thumbnail.
import { Button, Center, FileButton, Group, Image } from '@mantine/core';
import { IconPhoto, IconPhotoOff, IconToolsKitchen2 } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISH_PHOTO_MAX_BYTES } from '@almendra/contracts/constants';
import type { Dish } from '@almendra/contracts';
import { showError, showSuccess, showWarning } from '../../../lib/toast';
import { dishesApi, fetchDishPhoto, uploadDishPhoto } from '../api/dishes-api';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

export function DishPhoto({ dish, size }: { dish: Pick<Dish, 'id' | 'name' | 'hasPhoto' | 'updatedAt'>; size: 'thumb' | 'large' }) {
  const { t } = useTranslation('foods');
  const [url, setUrl] = useState<string | null>(null);
  // updatedAt changes with every new photo, so a new photo is fetched; the object URL lives as long as the effect.
  useEffect(() => {
    if (!dish.hasPhoto) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchDishPhoto(dish.id, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [dish.id, dish.hasPhoto, dish.updatedAt]);
  if (!dish.hasPhoto || !url) {
    // Same size as a photo so names line up in the list.
    return size === 'thumb' ? (
      <Center w={48} h={48} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}>
        <IconToolsKitchen2 size={20} color="var(--mantine-color-dimmed)" aria-hidden />
      </Center>
    ) : null;
  }
  const alt = t('dishes.photoAlt', { name: dish.name });
  return size === 'thumb' ? (
    <Image src={url} alt={alt} w={48} h={48} radius="sm" fit="cover" style={{ flexShrink: 0 }} data-testid="dish-thumb" />
  ) : (
    <Image src={url} alt={alt} maw={480} mah={320} radius="md" fit="cover" data-testid="dish-photo" />
  );
}

export function DishPhotoControls({ dish }: { dish: Dish }) {
  const { t } = useTranslation('foods');
  const queryClient = useQueryClient();
  const refresh = async (saved?: Dish) => {
    if (saved) queryClient.setQueryData(['dishes', 'detail', dish.id], saved);
    await queryClient.invalidateQueries({ queryKey: ['dishes'] });
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadDishPhoto(dish.id, file),
    meta: { silent: true },
    onSuccess: async (saved) => {
      await refresh(saved);
      showSuccess(t('dishes.photoSavedTitle'), t('dishes.photoSavedMessage'));
    },
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: () => dishesApi.removePhoto(dish.id),
    onSuccess: async () => {
      await refresh();
      showSuccess(t('dishes.photoRemovedTitle'), t('dishes.photoRemovedMessage'));
    },
  });
  const choose = (file: File | null) => {
    if (!file) return;
    if (!ACCEPTED.includes(file.type) || file.size > DISH_PHOTO_MAX_BYTES) {
      showWarning(t('dishes.photoRejectedTitle'), t('dishes.photoLimits'));
      return;
    }
    upload.mutate(file);
  };
  return (
    <Group gap="sm">
      <FileButton onChange={choose} accept={ACCEPTED.join(',')}>
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconPhoto size={18} aria-hidden />} loading={upload.isPending} data-testid="dish-photo-upload">
            {dish.hasPhoto ? t('dishes.photoChange') : t('dishes.photoUpload')}
          </Button>
        )}
      </FileButton>
      {dish.hasPhoto ? (
        <Button variant="subtle" color="red" leftSection={<IconPhotoOff size={18} aria-hidden />} onClick={() => remove.mutate()} loading={remove.isPending}>
          {t('dishes.photoRemove')}
        </Button>
      ) : null}
    </Group>
  );
}
