import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import {
  countryName,
  FREELANCER_LIMITS as L,
  freelancerAvailabilities,
  freelancerCountryCodes,
  type FreelancerLanguage,
  freelancerLanguages,
  freelancerMessages,
  type FreelancerOwn,
  type FreelancerSkill,
  freelancerSkills,
} from '@market/shared';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { usePublishMyFreelancerProfile } from '../api/publish-my-freelancer-profile';
import { useSaveMyFreelancerProfile } from '../api/save-my-freelancer-profile';
import { bodyOf, type PackageValues, type ProfileValues, valuesOf } from '../utils/profile-form';
import { AvatarField } from './avatar-field';

const countries = freelancerCountryCodes.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));
const emptyPackage: PackageValues = { title: '', description: '', price: '', delivery_days: '7' };

function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The owner's form: everything a client reads on the public page, saved together; publishing saves first. */
export function ProfileEditor({ profile }: { profile: FreelancerOwn }) {
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveMyFreelancerProfile();
  const publish = usePublishMyFreelancerProfile();
  const busy = save.isPending || publish.isPending;
  const set = <K extends keyof ProfileValues>(name: K, value: ProfileValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name === 'hourly_rate' ? 'hourly_rate_cents' : name]: _cleared, ...rest }) => rest);
  };
  const setPackage = (index: number, change: Partial<PackageValues>) => {
    set('packages', values.packages.map((p, i) => (i === index ? { ...p, ...change } : p)));
  };

  /** Saves the form; false (with the errors shown) when it cannot be saved. */
  async function submit(): Promise<boolean> {
    const { body, errors: found } = bodyOf(values);
    setErrors(found);
    if (!body) return false;
    try {
      const saved = await save.mutateAsync(body);
      setValues(valuesOf(saved));
      return true;
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length + error.nonFieldErrors.length > 0) {
        const fromServer: Record<string, string> = Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
        if (error.nonFieldErrors[0]) fromServer.non_field_errors = error.nonFieldErrors[0];
        setErrors(fromServer);
      } else {
        toast.error('Your profile could not be saved.', errorText(error));
      }
      return false;
    }
  }

  async function setPublished(published: boolean) {
    if (published && !(await submit())) return;
    try {
      await publish.mutateAsync(published);
      toast.success(published ? freelancerMessages.published : freelancerMessages.unpublished);
    } catch (error) {
      const message = isApiError(error) ? (error.nonFieldErrors[0] ?? errorText(error)) : errorText(error);
      setErrors({ non_field_errors: message });
    }
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label="Freelancer profile"
      onSubmit={(event) => {
        event.preventDefault();
        void submit().then((ok) => ok && toast.success(freelancerMessages.saved));
      }}
      sx={{ display: 'grid', gap: 3 }}
    >
      {errors.non_field_errors ? (
        <Alert severity="error" role="alert">
          {errors.non_field_errors}
        </Alert>
      ) : null}
      <Section title="Picture">
        <AvatarField profile={profile} />
      </Section>

      <Section title="About you">
        <TextField
          label="Headline"
          value={values.headline}
          onChange={(event) => set('headline', event.target.value)}
          error={Boolean(errors.headline)}
          helperText={errors.headline ?? 'One line clients read first, e.g. “Domain valuation for premium .com names”.'}
          slotProps={{ htmlInput: { maxLength: L.headline } }}
          margin="none"
        />
        <TextField
          label="Bio"
          value={values.bio}
          onChange={(event) => set('bio', event.target.value)}
          error={Boolean(errors.bio)}
          helperText={errors.bio}
          multiline
          minRows={4}
          slotProps={{ htmlInput: { maxLength: L.bio } }}
          margin="none"
        />
        <FormControl error={Boolean(errors.skills)} component="fieldset">
          <FormLabel component="legend">Skills</FormLabel>
          <FormGroup row>
            {freelancerSkills.map((s) => (
              <FormControlLabel
                key={s.key}
                label={s.label}
                control={<Checkbox checked={values.skills.includes(s.key)} onChange={() => set('skills', toggle<FreelancerSkill>(values.skills, s.key))} />}
              />
            ))}
          </FormGroup>
          {errors.skills ? <FormHelperText>{errors.skills}</FormHelperText> : null}
        </FormControl>
      </Section>

      <Section title="Rates and packages">
        <TextField
          label="Hourly rate (dollars)"
          value={values.hourly_rate}
          inputMode="decimal"
          onChange={(event) => set('hourly_rate', event.target.value)}
          error={Boolean(errors.hourly_rate_cents)}
          helperText={errors.hourly_rate_cents ?? 'Leave empty if you only sell packages.'}
          margin="none"
          sx={{ maxWidth: 280 }}
        />
        {values.packages.map((p, index) => (
          <Box
            key={index}
            role="group"
            aria-label={`Package ${index + 1}`}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1fr 1fr auto' }, alignItems: 'start', borderTop: 1, borderColor: 'divider', pt: 2 }}
          >
            <TextField label="Package title" value={p.title} onChange={(event) => setPackage(index, { title: event.target.value })} margin="none" slotProps={{ htmlInput: { maxLength: L.packageTitle } }} />
            <TextField label="Price (dollars)" value={p.price} inputMode="decimal" onChange={(event) => setPackage(index, { price: event.target.value })} margin="none" />
            <TextField
              label="Delivery (days)"
              type="number"
              value={p.delivery_days}
              onChange={(event) => setPackage(index, { delivery_days: event.target.value })}
              margin="none"
              slotProps={{ htmlInput: { min: 1, max: L.maxDeliveryDays } }}
            />
            <IconButton aria-label={`Remove package ${index + 1}`} onClick={() => set('packages', values.packages.filter((_, i) => i !== index))}>
              <DeleteIcon />
            </IconButton>
            <TextField
              label="What the client gets"
              value={p.description}
              onChange={(event) => setPackage(index, { description: event.target.value })}
              multiline
              minRows={2}
              margin="none"
              slotProps={{ htmlInput: { maxLength: L.packageDescription } }}
              sx={{ gridColumn: { md: '1 / span 3' } }}
            />
          </Box>
        ))}
        {errors.packages ? <Alert severity="error">{errors.packages}</Alert> : null}
        {values.packages.length < L.packages ? (
          <Box>
            <Button onClick={() => set('packages', [...values.packages, emptyPackage])}>Add a fixed-price package</Button>
          </Box>
        ) : null}
      </Section>

      <Section title="Where and when">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
          <TextField select label="Country" value={values.country} onChange={(event) => set('country', event.target.value)} error={Boolean(errors.country)} helperText={errors.country} margin="none">
            <MenuItem value="">Not shown</MenuItem>
            {countries.map((c) => (
              <MenuItem key={c.code} value={c.code}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Availability"
            value={values.availability}
            onChange={(event) => set('availability', event.target.value as ProfileValues['availability'])}
            margin="none"
          >
            {freelancerAvailabilities.map((a) => (
              <MenuItem key={a.key} value={a.key}>
                {a.label}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <FormControl error={Boolean(errors.languages)} component="fieldset">
          <FormLabel component="legend">Languages</FormLabel>
          <FormGroup row>
            {freelancerLanguages.map((l) => (
              <FormControlLabel
                key={l.key}
                label={l.label}
                control={<Checkbox checked={values.languages.includes(l.key)} onChange={() => set('languages', toggle<FreelancerLanguage>(values.languages, l.key))} />}
              />
            ))}
          </FormGroup>
          {errors.languages ? <FormHelperText>{errors.languages}</FormHelperText> : null}
        </FormControl>
      </Section>

      <Section title="Links">
        {values.links.map((link, index) => (
          <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              fullWidth
              label={`Link ${index + 1}`}
              placeholder="https://"
              value={link}
              onChange={(event) => set('links', values.links.map((l, i) => (i === index ? event.target.value : l)))}
              margin="none"
              slotProps={{ htmlInput: { maxLength: L.link } }}
            />
            <IconButton aria-label={`Remove link ${index + 1}`} onClick={() => set('links', values.links.filter((_, i) => i !== index))}>
              <DeleteIcon />
            </IconButton>
          </Box>
        ))}
        {errors.links ? <Alert severity="error">{errors.links}</Alert> : null}
        {values.links.length < L.links ? (
          <Box>
            <Button onClick={() => set('links', [...values.links, ''])}>Add a link</Button>
          </Box>
        ) : null}
      </Section>

      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          Save profile
        </Button>
        {profile.published ? (
          <Button variant="outlined" disabled={busy} onClick={() => void setPublished(false)}>
            Hide from the directory
          </Button>
        ) : (
          <Button variant="outlined" disabled={busy} onClick={() => void setPublished(true)}>
            Save and publish
          </Button>
        )}
      </Box>
    </Box>
  );
}
