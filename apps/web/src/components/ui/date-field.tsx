import TextField from '@mui/material/TextField';

interface DateFieldProps {
  label: string;
  /** YYYY-MM-DD, or empty. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
}

/** A calendar date; its label stays shrunk since the browser draws its own placeholder in the box. */
export function DateField({ label, value, onChange, required, error }: DateFieldProps) {
  return (
    <TextField
      label={label}
      type="date"
      required={required}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      error={Boolean(error)}
      helperText={error}
    />
  );
}
