import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHARACTER_FILTER_RANGE, excludeFilters, formatDollars, KNOWN_EXTENSIONS, listingTypeFilters, PRICE_FILTER_RANGE, type SearchFilters, tradeOptions } from '@market/shared';
import { emptySearchState, type SearchState } from '../hooks/search-state';
import { normaliseExtensions } from '../utils/search-request';

const PRICE_STEP = 500;

type ListKey = 'business_status' | 'trade_options' | 'Exclude';

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="fieldset" aria-labelledby={id} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography id={id} component="legend" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5, p: 0 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function CheckboxList<T extends string>({
  options,
  selected,
  onToggle,
}: {
  options: readonly T[];
  selected: readonly string[];
  onToggle: (value: T, checked: boolean) => void;
}) {
  return (
    <FormGroup>
      {options.map((option) => (
        <FormControlLabel
          key={option}
          sx={{ my: -0.25 }}
          control={
            <Checkbox size="small" checked={selected.includes(option)} onChange={(_, checked) => onToggle(option, checked)} />
          }
          label={option}
        />
      ))}
    </FormGroup>
  );
}


function priceText([min, max]: readonly [number, number]): string {
  const atMax = max >= PRICE_FILTER_RANGE[1];
  if (min <= PRICE_FILTER_RANGE[0] && atMax) return 'Any price';
  if (atMax) return `${formatDollars(min)} and up`;
  return `${formatDollars(min)} – ${formatDollars(max)}`;
}

function lengthText([min, max]: readonly [number, number]): string {
  const atMax = max >= CHARACTER_FILTER_RANGE[1];
  if (min <= CHARACTER_FILTER_RANGE[0] && atMax) return 'Any length';
  if (atMax) return `${min}+ characters`;
  return `${min} – ${max} characters`;
}

export interface SearchFiltersPanelProps {
  state: SearchState;
  onChange: (patch: Partial<SearchState>) => void;
}

/**
 * The left filter panel of Search Leads (docs/product.md section 5, Search filters): listing
 * types, trade options, extensions, price 0–100,000 and length 0–65 sliders (an end means no
 * bound), exclusions, and starting/ending text. Every change goes straight to the saved search; the page debounces.
 */
export function SearchFiltersPanel({ state, onChange }: SearchFiltersPanelProps) {
  const { filters } = state;
  const setFilters = (patch: Partial<SearchFilters>) => onChange({ filters: { ...filters, ...patch } });
  const toggle = (key: ListKey) => (value: string, checked: boolean) => {
    const current = (filters[key] ?? []) as string[];
    const next = checked ? [...current, value] : current.filter((v) => v !== value);
    setFilters({ [key]: next.length ? next : undefined } as Partial<SearchFilters>);
  };
  const price = filters.priceRange ?? [...PRICE_FILTER_RANGE];
  const length = filters.characterRange ?? [...CHARACTER_FILTER_RANGE];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Section title="Listing type" id="filter-listing">
        <CheckboxList options={listingTypeFilters} selected={filters.business_status ?? []} onToggle={toggle('business_status')} />
      </Section>
      <Divider />
      <Section title="Trade options" id="filter-trade">
        <CheckboxList options={tradeOptions} selected={filters.trade_options ?? []} onToggle={toggle('trade_options')} />
      </Section>
      <Divider />
      <Autocomplete
        multiple
        freeSolo
        size="small"
        options={KNOWN_EXTENSIONS}
        value={state.extensions}
        onChange={(_, value) => onChange({ extensions: normaliseExtensions(value) })}
        getOptionLabel={(option) => `.${option}`}
        renderValue={(value, getItemProps) =>
          value.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={`.${option}`} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField {...params} label="Extensions" placeholder="com, io…" helperText="Pick or type, then press Enter." margin="none" />
        )}
      />
      <Divider />
      <Section title="Price" id="filter-price">
        <Typography variant="body2" color="text.secondary" aria-hidden="true">
          {priceText(price)}
        </Typography>
        <Box sx={{ px: 1.5 }}>
          <Slider
            value={[price[0], price[1]]}
            min={PRICE_FILTER_RANGE[0]}
            max={PRICE_FILTER_RANGE[1]}
            step={PRICE_STEP}
            onChange={(_, value) => {
              const [min, max] = value as number[];
              setFilters({ priceRange: [min ?? PRICE_FILTER_RANGE[0], max ?? PRICE_FILTER_RANGE[1]] });
            }}
            getAriaLabel={(index) => (index === 0 ? 'Minimum price' : 'Maximum price')}
            getAriaValueText={(value, index) =>
              index === 1 && value >= PRICE_FILTER_RANGE[1] ? 'No maximum' : formatDollars(value)
            }
            valueLabelDisplay="auto"
            valueLabelFormat={(value) => formatDollars(value)}
          />
        </Box>
      </Section>
      <Section title="Length" id="filter-length">
        <Typography variant="body2" color="text.secondary" aria-hidden="true">
          {lengthText(length)}
        </Typography>
        <Box sx={{ px: 1.5 }}>
          <Slider
            value={[length[0], length[1]]}
            min={CHARACTER_FILTER_RANGE[0]}
            max={CHARACTER_FILTER_RANGE[1]}
            onChange={(_, value) => {
              const [min, max] = value as number[];
              setFilters({ characterRange: [min ?? CHARACTER_FILTER_RANGE[0], max ?? CHARACTER_FILTER_RANGE[1]] });
            }}
            getAriaLabel={(index) => (index === 0 ? 'Minimum length' : 'Maximum length')}
            getAriaValueText={(value) => `${value} characters`}
            valueLabelDisplay="auto"
          />
        </Box>
      </Section>
      <Divider />
      <Section title="Exclude" id="filter-exclude">
        <CheckboxList options={excludeFilters} selected={filters.Exclude ?? []} onToggle={toggle('Exclude')} />
      </Section>
      <Divider />
      <TextField
        label="Starting with"
        size="small"
        margin="none"
        value={filters.starting_with ?? ''}
        onChange={(event) => setFilters({ starting_with: event.target.value || undefined })}
        slotProps={{ htmlInput: { maxLength: 63, spellCheck: false, autoCapitalize: 'none' } }}
      />
      <TextField
        label="Ending with"
        size="small"
        margin="none"
        value={filters.ending_with ?? ''}
        onChange={(event) => setFilters({ ending_with: event.target.value || undefined })}
        slotProps={{ htmlInput: { maxLength: 63, spellCheck: false, autoCapitalize: 'none' } }}
      />
      <Button
        variant="outlined"
        onClick={() => onChange({ extensions: emptySearchState.extensions, filters: emptySearchState.filters })}
      >
        Clear filters
      </Button>
    </Box>
  );
}
