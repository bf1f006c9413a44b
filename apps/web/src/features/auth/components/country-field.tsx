import { useMemo, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { getCountries, type CountryOption } from '../utils/countries';

interface CountryFieldProps {
  /** ISO 3166-1 alpha-2 code, or null when not chosen. */
  value: string | null;
  onChange: (code: string | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/** Optional country picker; stores the ISO code, shows the English name. */
export function CountryField({ value, onChange, onBlur, inputRef, disabled }: CountryFieldProps) {
  const countries = useMemo(() => getCountries(), []);
  const selected = useMemo(() => countries.find((c) => c.code === value) ?? null, [countries, value]);
  return (
    <Autocomplete<CountryOption>
      options={countries}
      value={selected}
      onChange={(_event, option) => onChange(option?.code ?? null)}
      onBlur={onBlur}
      disabled={disabled}
      autoHighlight
      // Keep the list inside <main>: a portal at the end of <body> sits outside every landmark.
      disablePortal
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => option.code === current.code}
      renderInput={(params) => <TextField {...params} label="Country" inputRef={inputRef} autoComplete="country-name" />}
    />
  );
}
