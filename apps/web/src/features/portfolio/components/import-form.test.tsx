import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { domainMessages } from '@market/shared';
import { renderRoute, signIn } from '@/testing/test-utils';
import { mockApi } from '../testing/fixtures';
import { ImportForm } from './import-form';

// User-event journeys through MUI are slow on a busy 2-core machine; 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

function setup() {
  signIn();
  const onImported = vi.fn();
  const view = renderRoute(<ImportForm onImported={onImported} />);
  return {
    ...view,
    onImported,
    text: screen.getByLabelText('Domain names'),
    fileInput: screen.getByLabelText('Domain list file') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Add domains' }),
  };
}

function sized(name: string, size: number, content = 'a.com'): File {
  const file = new File([content], name, { type: 'text/plain' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('ImportForm', () => {
  it('asks for text or a file and sends nothing', async () => {
    const { calls } = mockApi({});
    const { user, submit } = setup();
    await user.click(submit);
    expect(await screen.findByText(domainMessages.importEmpty)).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it('refuses a file over 2 MB the moment it is chosen, naming it', async () => {
    const { calls } = mockApi({});
    const { user, fileInput, submit } = setup();
    await user.upload(fileInput, sized('portfolio.csv', 10 * 1_048_576));
    expect(
      await screen.findByText(
        'portfolio.csv is too large, please pick a smaller than 2M. The file is 10.0 MB; the largest file we take is 2 MB. Split the list into smaller files.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
    await user.click(submit);
    expect(screen.getByText(domainMessages.importEmpty)).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it('flags special characters before upload and lists the names', async () => {
    const { calls } = mockApi({});
    const { user, text, submit } = setup();
    await user.type(text, 'fine.com bad$name.com{enter}other!.io');
    await user.click(submit);
    expect(await screen.findAllByText(domainMessages.importSpecialCharacters)).not.toHaveLength(0);
    const list = screen.getByTestId('refused-names');
    expect(list).toHaveTextContent('bad$name.com');
    expect(list).toHaveTextContent('other!.io');
    expect(list).not.toHaveTextContent('fine.com');
    expect(calls()).toEqual([]);
  });

  it('uploads text and a file as multipart and reports created and existing', async () => {
    const { calls } = mockApi({
      'POST /api/domains/': { status: 201, body: { created: ['alpha.com', 'beta.io'], existing_domains: ['gamma.net'] } },
    });
    const { user, text, fileInput, submit, onImported } = setup();
    await user.type(text, 'alpha.com, gamma.net');
    await user.upload(fileInput, new File(['Domain\nbeta.io\n'], 'list.csv', { type: 'text/csv' }));
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('list.csv');
    await user.click(submit);
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    const body = calls()[0]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('domain_list')).toBe('alpha.com, gamma.net');
    expect((body.get('file') as File).name).toBe('list.csv');
    expect(await screen.findByText(domainMessages.added)).toBeInTheDocument();
    expect(screen.getByText('2 added, 1 already listed.')).toBeInTheDocument();
  });

  it("shows the server's refusal and the names it refused", async () => {
    mockApi({
      'POST /api/domains/': {
        status: 400,
        body: { detail: domainMessages.importSpecialCharacters, invalid: ['we#ird.com'], invalid_count: 1 },
      },
    });
    const { user, fileInput, submit, onImported } = setup();
    await user.upload(fileInput, new File(['x'], 'names.xlsx'));
    await user.click(submit);
    expect(await screen.findByText(domainMessages.addFailed)).toBeInTheDocument();
    expect(screen.getByTestId('refused-names')).toHaveTextContent('we#ird.com');
    expect(onImported).not.toHaveBeenCalled();
  });
});
