import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

interface MoneyFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Shown in red in place of the hint. */
  error?: string;
  hint?: string;
}

/** Dollars as a person types them ("1,250.50"); the form reads them through src/utils/money.ts. */
export function MoneyField({ label, value, onChange, required, error, hint }: MoneyFieldProps) {
  return (
    <TextField
      label={label}
      required={required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
      error={Boolean(error)}
      helperText={error ?? hint}
    />
  );
}
