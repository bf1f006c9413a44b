import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, type Path, type UseFormReturn } from 'react-hook-form';
import {
  businessStatuses,
  BUY_NOW_REQUIRED_BELOW,
  type DomainEditValues,
  domainMessages,
  formatDollars,
  type OwnDomain,
  startupBreederOptions,
  tradeOptions,
  validateDomainEdit,
} from '@market/shared';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { applyServerErrors, submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { useUpdateDomain } from '../api/update-domain';
import { serverMessage } from '@/lib/error-text';

export const DESCRIPTION_MAX = 2000;

export interface EditDomainValues {
  domain_name: string;
  seller_price: string;
  min_offer: string;
  business_status: string;
  trade_switch: 'Yes' | 'No';
  trade_option: string;
  startup_breeders_switch: 'Yes' | 'No';
  startup_breeders: string;
  description: string;
}

const FIELDS: ReadonlyArray<Path<EditDomainValues>> = [
  'domain_name',
  'seller_price',
  'min_offer',
  'business_status',
  'trade_switch',
  'trade_option',
  'startup_breeders_switch',
  'startup_breeders',
  'description',
];

function toEditValues(values: EditDomainValues): DomainEditValues {
  return {
    domain_name: values.domain_name,
    seller_price: values.seller_price,
    min_offer: values.min_offer,
    business_status: values.business_status,
    trade_switch: values.trade_switch,
    trade_option: values.trade_option || null,
    startup_breeders_switch: values.startup_breeders_switch,
    startup_breeders: values.startup_breeders || null,
  };
}

/** validateDomainEdit (with the Buy Now rule) and the description's length. */
export function validateEditForm(values: EditDomainValues): Partial<Record<string, string>> {
  const { errors } = validateDomainEdit(toEditValues(values));
  const all: Partial<Record<string, string>> = { ...errors };
  if (values.description.length > DESCRIPTION_MAX) all.description = `Please keep the description under ${DESCRIPTION_MAX} characters.`;
  return all;
}

function defaultsOf(domain: OwnDomain): EditDomainValues {
  return {
    domain_name: domain.domain_name,
    seller_price: domain.seller_price ? String(domain.seller_price) : '',
    min_offer: domain.min_offer ? String(domain.min_offer) : '',
    // An empty status is shown as Enquire; saving keeps that meaning.
    business_status: domain.business_status || 'Enquire',
    trade_switch: domain.trade_switch,
    trade_option: domain.trade_option ?? '',
    startup_breeders_switch: domain.startup_breeders_switch,
    startup_breeders: domain.startup_breeders ?? '',
    description: domain.description ?? '',
  };
}

interface SwitchWithOptionProps {
  form: UseFormReturn<EditDomainValues>;
  switchName: 'trade_switch' | 'startup_breeders_switch';
  switchLabel: string;
  optionName: 'trade_option' | 'startup_breeders';
  optionLabel: string;
  options: readonly string[];
  error: { error: boolean; helperText?: string };
}

/** A Yes/No switch and the option it turns on (trade option, startup breeder), side by side. */
function SwitchWithOption({ form, switchName, switchLabel, optionName, optionLabel, options, error }: SwitchWithOptionProps) {
  const on = form.watch(switchName) === 'Yes';
  return (
    <>
      <Controller
        control={form.control}
        name={switchName}
        render={({ field }) => (
          <FormControlLabel
            sx={{ mt: { sm: 1 } }}
            control={
              <Switch
                checked={field.value === 'Yes'}
                onChange={(_, checked) => {
                  field.onChange(checked ? 'Yes' : 'No');
                  form.clearErrors(optionName);
                }}
              />
            }
            label={
              <>
                {switchLabel}{' '}
                <Typography component="span" color="text.secondary" aria-hidden="true">
                  ({field.value})
                </Typography>
              </>
            }
          />
        )}
      />
      <Controller
        control={form.control}
        name={optionName}
        render={({ field }) => (
          <TextField
            select
            label={optionLabel}
            {...field}
            disabled={!on}
            onChange={(event) => {
              field.onChange(event);
              form.clearErrors(optionName);
            }}
            {...error}
          >
            <MenuItem value="">
              <em>None</em>
            </MenuItem>
            {options.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </>
  );
}

interface EditDomainFormProps {
  domain: OwnDomain;
  onClose: () => void;
}

function EditDomainForm({ domain, onClose }: EditDomainFormProps) {
  const form = useForm<EditDomainValues>({
    defaultValues: defaultsOf(domain),
    resolver: validatorResolver(validateEditForm),
    ...submitOnlyValidation,
  });
  const update = useUpdateDomain();

  const onSubmit = form.handleSubmit((values) => {
    const { value } = validateDomainEdit(toEditValues(values));
    if (!value) return;
    update.mutate(
      {
        id: domain.id,
        payload: { domain_name: domain.domain_name, ...value, description: values.description.trim() || null },
      },
      {
        onSuccess: () => {
          toast.success(domainMessages.updated);
          onClose();
        },
        onError: (error) => {
          const leftovers = isApiError(error) ? applyServerErrors(form, error.fieldErrors, FIELDS) : [];
          const hasFieldErrors = isApiError(error) && Object.keys(error.fieldErrors).length > leftovers.length;
          toast.error(domainMessages.updateFailed, leftovers[0] ?? (hasFieldErrors ? undefined : serverMessage(error)));
        },
      },
    );
  });

  const selectProps = (name: 'business_status' | 'trade_option' | 'startup_breeders') => {
    const message = form.formState.errors[name]?.message;
    return { error: Boolean(message), helperText: typeof message === 'string' ? message : undefined };
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}
    >
      <DialogTitle id="edit-domain-title">Edit domain</DialogTitle>
      <DialogContent dividers>
        <TextField
          label="Domain name"
          {...textFieldProps(form, 'domain_name')}
          slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }}
          helperText={form.formState.errors.domain_name?.message ?? 'The domain name cannot be changed.'}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <TextField
            label="Price"
            {...textFieldProps(form, 'seller_price')}
            helperText={
              form.formState.errors.seller_price?.message ??
              `Under ${formatDollars(BUY_NOW_REQUIRED_BELOW)}: Buy Now only, no offers.`
            }
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'numeric' },
            }}
          />
          <TextField
            label="Min offer"
            {...textFieldProps(form, 'min_offer')}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              htmlInput: { inputMode: 'numeric' },
            }}
          />
        </Box>
        <Controller
          control={form.control}
          name="business_status"
          render={({ field }) => (
            <TextField
              select
              label="Business status"
              {...field}
              onChange={(event) => {
                field.onChange(event);
                form.clearErrors('business_status');
              }}
              {...selectProps('business_status')}
            >
              {businessStatuses.map((status) => (
                <MenuItem key={status} value={status}>
                  {status}
                </MenuItem>
              ))}
            </TextField>
          )}
        />

        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, columnGap: 2, alignItems: 'center' }}>
          <SwitchWithOption
            form={form}
            switchName="trade_switch"
            switchLabel="Trade"
            optionName="trade_option"
            optionLabel="Trade option"
            options={tradeOptions}
            error={selectProps('trade_option')}
          />
          <SwitchWithOption
            form={form}
            switchName="startup_breeders_switch"
            switchLabel="Startup breeders"
            optionName="startup_breeders"
            optionLabel="Startup breeder"
            options={startupBreederOptions}
            error={selectProps('startup_breeders')}
          />
        </Box>
        <TextField
          label="Description (optional)"
          multiline
          minRows={3}
          maxRows={10}
          {...textFieldProps(form, 'description')}
          helperText={form.formState.errors.description?.message ?? 'Shown on the landing page as plain text.'}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          Save
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The portfolio's edit dialog; the form remounts per domain so it always starts from its values. */
export function EditDomainDialog({ domain, onClose }: { domain: OwnDomain | null; onClose: () => void }) {
  return (
    <Dialog open={domain !== null} onClose={onClose} fullWidth maxWidth="sm" scroll="paper" aria-labelledby="edit-domain-title">
      {domain ? <EditDomainForm key={domain.id} domain={domain} onClose={onClose} /> : null}
    </Dialog>
  );
}
