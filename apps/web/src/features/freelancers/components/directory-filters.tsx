import { useEffect, useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import { asCents,
  countryName,
  type FreelancerDirectoryQuery,
  freelancerAvailabilities,
  freelancerBadges,
  freelancerCertifications,
  freelancerCountryCodes,
  freelancerLanguages,
  freelancerSkills,
  freelancerSorts,
  SEARCH_DEBOUNCE_MS,
} from '@market/shared';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { AMOUNT_INVALID, amountFieldText, readCents } from '@/utils/money';
import type { DirectoryFilterName } from '../utils/directory-params';

const countries = freelancerCountryCodes.map((code) => ({ key: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label));

const selects: { name: DirectoryFilterName; label: string; any: string; options: readonly { key: string; label: string }[] }[] = [
  { name: 'skill', label: 'Skill', any: 'Any skill', options: freelancerSkills },
  { name: 'badge', label: 'Badge', any: 'Any badge', options: freelancerBadges.map((b) => ({ key: b.key, label: b.name })) },
  { name: 'certification', label: 'Certification', any: 'Any certification', options: freelancerCertifications.map((c) => ({ key: c.key, label: c.name })) },
  { name: 'language', label: 'Language', any: 'Any language', options: freelancerLanguages },
  { name: 'country', label: 'Country', any: 'Any country', options: countries },
  { name: 'availability', label: 'Availability', any: 'Any availability', options: freelancerAvailabilities },
];

export type DirectoryChange = Partial<Record<keyof FreelancerDirectoryQuery, string | undefined>>;

/** Text, the six lists, the rate range and the order; every change starts again at page 1. */
export function DirectoryFilters({ query, onChange }: { query: FreelancerDirectoryQuery; onChange: (change: DirectoryChange) => void }) {
  const [text, setText] = useState(query.q ?? '');
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== (query.q ?? '')) onChange({ q: debounced || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new search term matters here
  }, [debounced]);

  const rateText = (cents: number | undefined) => (cents === undefined ? '' : amountFieldText(asCents(cents)));
  const [minRate, setMinRate] = useState(rateText(query.min_rate));
  const [maxRate, setMaxRate] = useState(rateText(query.max_rate));
  const rateError = (value: string) => readCents(value) === 'invalid';
  const applyRate = (name: 'min_rate' | 'max_rate', value: string) => {
    const cents = readCents(value);
    if (cents !== 'invalid') onChange({ [name]: cents === 'empty' ? undefined : String(cents) });
  };
  const anyFilter = selects.some((s) => query[s.name]) || query.q || query.min_rate !== undefined || query.max_rate !== undefined;
  // On a phone the lists fold away behind a button, so the first screen shows freelancers.
  const listsActive = selects.filter((s) => query[s.name]).length + (query.min_rate !== undefined ? 1 : 0) + (query.max_rate !== undefined ? 1 : 0);
  const [listsOpen, setListsOpen] = useState(false);
  const listsId = useId();

  return (
    <Box component="section" aria-label="Search and filters" sx={{ display: 'grid', gap: 2, mb: 3 }}>
      <TextField
        type="search"
        label="Search freelancers"
        placeholder="Name, headline or skill"
        value={text}
        onChange={(event) => setText(event.target.value)}
        margin="none"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden="true" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button
        variant="outlined"
        startIcon={
          <Badge badgeContent={listsActive} color="primary">
            <TuneIcon />
          </Badge>
        }
        onClick={() => setListsOpen((open) => !open)}
        aria-expanded={listsOpen}
        aria-controls={listsId}
        aria-label={listsActive ? `Filters (${listsActive} active)` : 'Filters'}
        sx={{ display: { sm: 'none' }, justifySelf: 'start' }}
      >
        Filters
      </Button>
      <Box
        id={listsId}
        sx={{
          display: { xs: listsOpen ? 'grid' : 'none', sm: 'grid' },
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {selects.map((s) => (
          <TextField
            key={s.name}
            select
            label={s.label}
            value={query[s.name] ?? ''}
            onChange={(event) => onChange({ [s.name]: event.target.value || undefined })}
            margin="none"
            size="small"
          >
            <MenuItem value="">{s.any}</MenuItem>
            {s.options.map((o) => (
              <MenuItem key={o.key} value={o.key}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        ))}
        <TextField
          label="Lowest rate ($ an hour)"
          value={minRate}
          inputMode="decimal"
          onChange={(event) => setMinRate(event.target.value)}
          onBlur={() => applyRate('min_rate', minRate)}
          onKeyDown={(event) => event.key === 'Enter' && applyRate('min_rate', minRate)}
          error={rateError(minRate)}
          helperText={rateError(minRate) ? AMOUNT_INVALID : undefined}
          margin="none"
          size="small"
        />
        <TextField
          label="Highest rate ($ an hour)"
          value={maxRate}
          inputMode="decimal"
          onChange={(event) => setMaxRate(event.target.value)}
          onBlur={() => applyRate('max_rate', maxRate)}
          onKeyDown={(event) => event.key === 'Enter' && applyRate('max_rate', maxRate)}
          error={rateError(maxRate)}
          helperText={rateError(maxRate) ? AMOUNT_INVALID : undefined}
          margin="none"
          size="small"
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <TextField
          select
          label="Sort by"
          value={query.sort ?? 'rating'}
          onChange={(event) => onChange({ sort: event.target.value === 'rating' ? undefined : event.target.value })}
          margin="none"
          size="small"
          sx={{ minWidth: 220 }}
        >
          {freelancerSorts.map((s) => (
            <MenuItem key={s.key} value={s.key}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
        {anyFilter ? (
          <Button
            onClick={() => {
              setText('');
              setMinRate('');
              setMaxRate('');
              onChange(Object.fromEntries([...selects.map((s) => [s.name, undefined]), ['q', undefined], ['min_rate', undefined], ['max_rate', undefined]]));
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
