import { Box, Button, CircularProgress, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useRef, useState } from 'react';
import { useDataProvider, useInput, useNotify, useTranslate } from 'react-admin';
import { MAX_UPLOAD_BYTES } from '@facet/contracts';
import { IMAGE_TOO_LARGE_MESSAGE, INVALID_IMAGE_MESSAGE, type FacetDataProvider } from '../../dataProvider';

/** Picks an image, uploads it through /api/admin/uploads and keeps the returned url in `image`. */
export function ImageUploadInput({ source = 'image' }: { source?: string }) {
  const { field } = useInput({ source });
  const dataProvider = useDataProvider<FacetDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return notify(INVALID_IMAGE_MESSAGE, { type: 'error' });
    if (file.size > MAX_UPLOAD_BYTES) return notify(IMAGE_TOO_LARGE_MESSAGE, { type: 'error' });
    setBusy(true);
    try {
      field.onChange(await dataProvider.uploadImage(file));
    } catch (e) {
      notify((e as Error).message || INVALID_IMAGE_MESSAGE, { type: 'error' });
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', my: 1.5, flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: 120,
          height: 120,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.default',
        }}
      >
        {field.value ? (
          <img src={field.value} alt={translate('facet.image.alt')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <PhotoCameraIcon color="disabled" />
        )}
      </Box>
      <Box>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          data-testid="product-image-file"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Button
          variant="outlined"
          onClick={() => fileInput.current?.click()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} /> : <PhotoCameraIcon />}
        >
          {translate(field.value ? 'facet.image.replace' : 'facet.image.upload')}
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, display: 'block' }}>
          {translate('facet.image.formats')}
        </Typography>
      </Box>
    </Box>
  );
}
