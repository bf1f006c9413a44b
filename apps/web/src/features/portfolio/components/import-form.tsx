import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { domainMessages } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { isImportRefusal, useImportDomains, type ImportDomainsResponse } from '../api/import-domains';
import { checkImport, fileSizeProblem, IMPORT_FILE_ACCEPT, type ImportProblems } from '../utils/import-check';
import { serverMessage } from '@/lib/error-text';

/** How many refused names the form lists; the count says how many there were in all. */
const SHOWN_INVALID = 25;

interface Refused {
  message: string;
  names: string[];
  count: number;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

function RefusedNames({ refused }: { refused: Refused }) {
  const shown = refused.names.slice(0, SHOWN_INVALID);
  const more = refused.count - shown.length;
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="refused-names">
      <AlertTitle>{refused.message}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {refused.count === 1 ? 'This name was refused:' : `These ${refused.count} names were refused:`}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {shown.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </Box>
      {more > 0 ? <Typography variant="body2">…and {more.toLocaleString('en-US')} more.</Typography> : null}
    </Alert>
  );
}

/**
 * The import form of /add_domains: a text area and a file choice, checked in the browser with
 * the shared rules before anything is uploaded (size cap, empty, special characters), then sent
 * as multipart `domain_list` + `file`. The server refuses a whole import when any name is bad
 * and lists them; those are shown the same way.
 */
export function ImportForm({ onImported }: { onImported: (result: ImportDomainsResponse) => void }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<ImportProblems>({});
  const [refused, setRefused] = useState<Refused | null>(null);
  const [checking, setChecking] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileHelpId = useId();
  const fileErrorId = useId();
  const importDomains = useImportDomains();
  const busy = checking || importDomains.isPending;

  const onText = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    // Typing clears the field's own error and any stale server verdict.
    if (problems.domain_list) setProblems((p) => ({ ...p, domain_list: undefined }));
    setRefused(null);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    setRefused(null);
    if (!chosen) return;
    // The cap is checked the moment a file is chosen: a too-large file is never kept.
    const tooLarge = fileSizeProblem(chosen);
    setFile(tooLarge ? null : chosen);
    setProblems((p) => ({ ...p, file: tooLarge, domain_list: tooLarge ? p.domain_list : undefined }));
  };

  const clearFile = () => {
    setFile(null);
    setProblems((p) => ({ ...p, file: undefined }));
    setRefused(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecking(true);
    let found: ImportProblems | null;
    try {
      found = await checkImport(text, file);
    } finally {
      setChecking(false);
    }
    if (found) {
      setProblems(found);
      setRefused(
        found.invalid?.length
          ? { message: found.domain_list ?? found.file ?? '', names: found.invalid, count: found.invalid.length }
          : null,
      );
      return;
    }
    setProblems({});
    setRefused(null);
    importDomains.mutate(
      { domainList: text, file },
      {
        onSuccess: (result) => {
          const created = result.created.length;
          const existing = result.existing_domains.length;
          toast.success(domainMessages.added, `${created} added, ${existing} already listed.`);
          onImported(result);
        },
        onError: (error) => {
          const body = isApiError(error) ? error.body : undefined;
          if (isImportRefusal(body)) {
            setRefused({ message: body.detail, names: body.invalid, count: body.invalid_count ?? body.invalid.length });
          }
          if (isApiError(error)) {
            setProblems({ domain_list: error.fieldErrors.domain_list?.[0], file: error.fieldErrors.file?.[0] });
          }
          toast.error(domainMessages.addFailed, serverMessage(error));
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Import domains">
      <TextField
        label="Domain names"
        multiline
        minRows={6}
        maxRows={16}
        value={text}
        onChange={onText}
        placeholder={'example.com\nanother-name.net, third.io'}
        error={Boolean(problems.domain_list)}
        helperText={problems.domain_list ?? 'Separate names with commas, spaces or line breaks.'}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      />

      <Box sx={{ mt: 2 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Or import a file
        </Typography>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={IMPORT_FILE_ACCEPT}
          aria-label="Domain list file"
          onChange={onFile}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => fileInput.current?.click()}
            aria-describedby={`${fileHelpId}${problems.file ? ` ${fileErrorId}` : ''}`}
            sx={{ alignSelf: 'flex-start' }}
          >
            Choose file
          </Button>
          {file ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }} data-testid="chosen-file">
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {file.name}{' '}
                <Typography component="span" color="text.secondary" variant="body2">
                  ({formatBytes(file.size)})
                </Typography>
              </Typography>
              <IconButton size="small" aria-label={`Remove ${file.name}`} onClick={clearFile}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Stack>
          ) : (
            <Typography color="text.secondary">No file chosen</Typography>
          )}
        </Stack>
        <FormHelperText id={fileHelpId}>
          {domainMessages.fileHint} Files up to 2 MB: .txt, .csv, .xls or .xlsx.
        </FormHelperText>
        {problems.file ? (
          <FormHelperText id={fileErrorId} error role="alert">
            {problems.file}
          </FormHelperText>
        ) : null}
      </Box>

      {refused ? <RefusedNames refused={refused} /> : null}

      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ mt: 3, minWidth: 180 }}>
        {importDomains.isPending ? 'Uploading…' : 'Add domains'}
      </Button>
    </Box>
  );
}
