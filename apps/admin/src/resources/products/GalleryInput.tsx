import { Box, Button, Chip, CircularProgress, IconButton, MenuItem, TextField, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import StarIcon from '@mui/icons-material/Star';
import { useRef, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { useDataProvider, useInput, useNotify, useTranslate, ValidationError } from 'react-admin';
import { GALLERY_ALT_MAX_LENGTH, GALLERY_MAX_IMAGES, MAX_UPLOAD_BYTES, type GalleryImage } from '@facet/contracts';
import { IMAGE_TOO_LARGE_MESSAGE, INVALID_IMAGE_MESSAGE, type FacetDataProvider } from '../../dataProvider';
import { altProblem, galleryProblem, moved, type VariantRow } from './productWire';

/** A choice of variants for an image: every saved variant with one option value (e.g. metal: Rose Gold). */
interface VariantChoice {
  key: string;
  label: string;
  ids: string[];
}

/** The option values of the saved variants, each naming the variants that have it. */
export function variantChoices(rows: VariantRow[]): VariantChoice[] {
  const choices = new Map<string, VariantChoice>();
  for (const row of rows) {
    if (!row.id) continue;
    for (const [name, value] of Object.entries(row.options)) {
      const key = `${name}\u0000${value}`;
      const choice = choices.get(key) ?? { key, label: `${name.charAt(0).toUpperCase()}${name.slice(1)}: ${value}`, ids: [] };
      choice.ids.push(row.id);
      choices.set(key, choice);
    }
  }
  return [...choices.values()];
}

/**
 * The product's pictures in the order the shop shows them: the first is the featured one (the product's
 * `image`). Several upload at once; each needs alt text; reorder by dragging or with the move buttons
 * (keyboard and screen readers); an image can belong to some variants only (a metal of its own).
 */
export function GalleryInput() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FacetDataProvider>();
  const { field, fieldState } = useInput<GalleryImage[]>({
    source: 'gallery',
    defaultValue: [],
    validate: (value: GalleryImage[] | null | undefined) => {
      const problem = galleryProblem(value);
      return problem ? { message: problem, args: { max: GALLERY_MAX_IMAGES } } : undefined;
    },
  });
  // Read on every render, so the form re-renders this input once a submit is refused.
  const { isSubmitted } = useFormState();
  const rows = useWatch<{ variants?: VariantRow[] }, 'variants'>({ name: 'variants' }) ?? [];
  const value: unknown = field.value;
  const gallery = Array.isArray(value) ? (value as GalleryImage[]) : [];
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const choices = variantChoices(rows);
  const showErrors = fieldState.isTouched || isSubmitted;

  const set = (next: GalleryImage[]) => field.onChange(next);
  const move = (from: number, to: number) => {
    set(moved(gallery, from, to));
    setAnnouncement(translate('facet.gallery.moved', { n: from + 1, to: to + 1 }));
  };

  const onFiles = async (files: File[]) => {
    const room = GALLERY_MAX_IMAGES - gallery.length;
    if (files.length > room) notify('facet.gallery.too_many', { type: 'warning', messageArgs: { max: GALLERY_MAX_IMAGES } });
    const added: GalleryImage[] = [];
    setBusy(true);
    try {
      for (const file of files.slice(0, Math.max(0, room))) {
        if (!file.type.startsWith('image/')) notify(INVALID_IMAGE_MESSAGE, { type: 'error' });
        else if (file.size > MAX_UPLOAD_BYTES) notify(IMAGE_TOO_LARGE_MESSAGE, { type: 'error' });
        else added.push({ src: await dataProvider.uploadImage(file), alt: '' });
      }
    } catch (e) {
      notify((e as Error).message || INVALID_IMAGE_MESSAGE, { type: 'error' });
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
      if (added.length) set([...gallery, ...added]);
    }
  };

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0, mb: 2, width: '100%', minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ px: 0.5 }}>
        {translate('facet.gallery.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="product-image-file"
          onChange={(e) => onFiles([...(e.target.files ?? [])])}
        />
        <Button
          variant="outlined"
          onClick={() => fileInput.current?.click()}
          disabled={busy || gallery.length >= GALLERY_MAX_IMAGES}
          startIcon={busy ? <CircularProgress size={16} /> : <PhotoCameraIcon />}
        >
          {translate('facet.gallery.upload')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {translate('facet.gallery.hint', { max: GALLERY_MAX_IMAGES })}
        </Typography>
      </Box>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {gallery.map((image, i) => {
          const n = i + 1;
          const alt = altProblem(image.alt);
          const selected = choices.filter((c) => c.ids.every((id) => image.variant_ids?.includes(id))).map((c) => c.key);
          return (
            <Box
              component="li"
              key={image.src}
              data-testid={`gallery-image-${n}`}
              draggable
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, i);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1.5,
                alignItems: 'flex-start',
                border: 1,
                borderColor: i === 0 ? 'primary.main' : 'divider',
                borderRadius: 1,
                p: 1,
                mb: 1,
                opacity: dragging === i ? 0.5 : 1,
              }}
            >
              <DragIndicatorIcon color="disabled" sx={{ cursor: 'grab', mt: 3 }} aria-hidden />
              <Box sx={{ width: 88, height: 88, borderRadius: 1, overflow: 'hidden', bgcolor: 'background.default', flex: '0 0 88px' }}>
                <img src={image.src} alt={image.alt} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              </Box>
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                {i === 0 && (
                  <Chip size="small" color="primary" icon={<StarIcon />} label={translate('facet.gallery.featured')} sx={{ mb: 1 }} />
                )}
                <TextField
                  label={translate('facet.gallery.alt', { n })}
                  value={image.alt}
                  // Required, but checked by the form (its message, not the browser's bubble that blocks the submit).
                  slotProps={{ inputLabel: { required: true }, htmlInput: { 'aria-required': true } }}
                  fullWidth
                  size="small"
                  onChange={(e) => set(gallery.map((g, j) => (j === i ? { ...g, alt: e.target.value } : g)))}
                  onBlur={field.onBlur}
                  error={Boolean(alt) && (showErrors || image.alt !== '')}
                  helperText={
                    alt && (showErrors || image.alt !== '')
                      ? translate(alt === 'facet.variants.error.required' ? 'facet.gallery.alt_required' : alt)
                      : translate('facet.gallery.alt_hint', { max: GALLERY_ALT_MAX_LENGTH })
                  }
                />
                {choices.length > 0 && (
                  <TextField
                    select
                    label={translate('facet.gallery.variants', { n })}
                    value={selected}
                    fullWidth
                    size="small"
                    sx={{ mt: 1 }}
                    helperText={translate('facet.gallery.variants_hint')}
                    slotProps={{
                      // The label stays above: an empty choice reads "Every variant".
                      inputLabel: { shrink: true },
                      select: {
                        multiple: true,
                        renderValue: (keys) =>
                          (keys as string[]).map((k) => choices.find((c) => c.key === k)?.label ?? '').join(', ') ||
                          translate('facet.gallery.all_variants'),
                        displayEmpty: true,
                      },
                    }}
                    onChange={(e) => {
                      const keys = e.target.value as unknown as string[];
                      const ids = [...new Set(choices.filter((c) => keys.includes(c.key)).flatMap((c) => c.ids))];
                      set(gallery.map((g, j) => (j === i ? { ...g, variant_ids: ids } : g)));
                    }}
                  >
                    {choices.map((c) => (
                      <MenuItem key={c.key} value={c.key}>
                        {c.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </Box>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                <IconButton aria-label={translate('facet.gallery.move_up', { n })} disabled={i === 0} onClick={() => move(i, i - 1)}>
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  aria-label={translate('facet.gallery.move_down', { n })}
                  disabled={i === gallery.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                {i > 0 && (
                  <Button size="small" onClick={() => move(i, 0)} aria-label={translate('facet.gallery.make_featured_n', { n })}>
                    {translate('facet.gallery.make_featured')}
                  </Button>
                )}
                <IconButton aria-label={translate('facet.gallery.remove', { n })} onClick={() => set(gallery.filter((_, j) => j !== i))}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            </Box>
          );
        })}
      </Box>
      {/* Screen readers hear where an image went after a move. */}
      <Box
        role="status"
        aria-live="polite"
        sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
      >
        {announcement}
      </Box>
      {showErrors && fieldState.error?.message && (
        <Typography role="alert" variant="body2" color="error">
          <ValidationError error={fieldState.error.message} />
        </Typography>
      )}
    </Box>
  );
}
