import {
  rosterLineErrorResponseSchema,
  rosterUploadFormSchema,
  type RosterImportResult,
  type RosterLineCode,
  type RosterLineParams,
} from '@district/contracts';
import {
  Button,
  Field,
  formatNumber,
  Input,
  SectionCard,
  Select,
  StackTable,
  useSchemaForm,
  useT,
} from '@district/ui';
import { useState } from 'react';
import { useRosterImport, type RosterUpload } from './roster-import.queries';

type Teachers = RosterUpload['teachers'];
type Administrators = RosterUpload['administrators'];

interface FormValues {
  orgs: File | null;
  users: File | null;
  teachers: Teachers;
  administrators: Administrators;
}

const initialValues = (): FormValues => ({
  orgs: null,
  users: null,
  teachers: 'none',
  administrators: 'none',
});

const TEACHER_KEYS = {
  none: 'directory.roster.rights.none',
  supervisor: 'directory.roster.rights.supervisor',
} as const satisfies Record<Teachers, string>;
const ADMINISTRATOR_KEYS = {
  ...TEACHER_KEYS,
  admin: 'directory.roster.rights.admin',
} as const satisfies Record<Administrators, string>;

const COUNT_KEYS = {
  created: 'directory.roster.count.created',
  updated: 'directory.roster.count.updated',
  reactivated: 'directory.roster.count.reactivated',
  deactivated: 'directory.roster.count.deactivated',
  unchanged: 'directory.roster.count.unchanged',
} as const satisfies Record<Exclude<keyof RosterImportResult, 'applied'>, string>;

// Each reason the service gives a bad line, in the reader's language (its parameters filled in).
const REASON_KEYS = {
  notUtf8: 'directory.roster.reason.notUtf8',
  lineTooLong: 'directory.roster.reason.lineTooLong',
  missingColumns: 'directory.roster.reason.missingColumns',
  fieldCount: 'directory.roster.reason.fieldCount',
  notCsv: 'directory.roster.reason.notCsv',
  idInvalid: 'directory.roster.reason.idInvalid',
  duplicateId: 'directory.roster.reason.duplicateId',
  unknownSchool: 'directory.roster.reason.unknownSchool',
  namesRequired: 'directory.roster.reason.namesRequired',
  invalidEmail: 'directory.roster.reason.invalidEmail',
  duplicateEmail: 'directory.roster.reason.duplicateEmail',
  invalidGrade: 'directory.roster.reason.invalidGrade',
  noDistrictSchool: 'directory.roster.reason.noDistrictSchool',
} as const satisfies Record<RosterLineCode, string>;

interface BadLine {
  file: string;
  line: number;
  // The service's English text: shown only for a code this screen does not know yet.
  reason: string;
  code?: RosterLineCode;
  params?: RosterLineParams;
}

// The refusal of a roster with bad lines: 400, each as { path: file, line, code, params,
// message: 'line N: reason' } (an older service sends only path and message).
function badLinesOf(error: unknown): BadLine[] {
  const list = (error as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: { path?: unknown; message?: unknown }) => {
    const found = typeof item.message === 'string' && /^line (\d+): (.*)$/s.exec(item.message);
    if (!found || typeof item.path !== 'string') return [];
    const coded = rosterLineErrorResponseSchema.safeParse(item);
    return [
      {
        file: `${item.path}.csv`,
        line: Number(found[1]),
        reason: found[2]!,
        ...(coded.success ? { code: coded.data.code, params: coded.data.params } : {}),
      },
    ];
  });
}

// Issue 31, admins' part of District settings: upload a OneRoster 1.1 export's orgs.csv and
// users.csv, preview what it would change (the server's dry run: nothing applied), then apply
// the very same files. A roster with bad lines lists each; nothing of it is applied.
export function RosterImport() {
  const { t } = useT();
  const upload = useRosterImport();
  // The preview of the files and options as they are now; any change asks for a new one.
  const [preview, setPreview] = useState<RosterImportResult | null>(null);
  const [applied, setApplied] = useState<RosterImportResult | null>(null);
  const [badLines, setBadLines] = useState<BadLine[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  // File inputs cannot be set by code: a new key empties them after an import.
  const [inputsKey, setInputsKey] = useState(0);

  const send = (values: FormValues, dryRun: boolean) => {
    if (!values.orgs || !values.users) return;
    setFailure(null);
    setBadLines([]);
    setApplied(null);
    // A new preview replaces the last one, whatever it answers.
    if (dryRun) setPreview(null);
    upload.mutate(
      {
        orgs: values.orgs,
        users: values.users,
        teachers: values.teachers,
        administrators: values.administrators,
        dryRun,
      },
      {
        onSuccess: (result) => {
          if (result.applied) {
            setPreview(null);
            setApplied(result);
            form.reset(initialValues());
            setInputsKey((key) => key + 1);
          } else setPreview(result);
        },
        onError: (error) => {
          const lines = badLinesOf(error);
          setBadLines(lines);
          // Bad lines found while applying: the preview no longer holds.
          if (lines.length > 0) setPreview(null);
          // A refusal naming a file (missing, too large) shows under it.
          if (lines.length === 0 && !form.showServerErrors(error)) setFailure(error.message);
        },
      },
    );
  };

  const form = useSchemaForm({
    initial: initialValues,
    schema: rosterUploadFormSchema,
    onValid: (_data, values) => send(values, true),
  });
  const { values } = form;
  const change =
    <K extends keyof FormValues>(field: K) =>
    (value: FormValues[K]) => {
      setPreview(null);
      setApplied(null);
      setBadLines([]);
      setFailure(null);
      form.change(field)(value);
    };
  const busy = upload.isPending;

  return (
    <SectionCard
      titleId="roster-title"
      title={t('directory.roster.title')}
      header={<p className="dir-section__intro">{t('directory.roster.intro')}</p>}
      contentClassName="dir-section"
    >
      <form className="dir-roster-form" {...form.formProps} aria-labelledby="roster-title">
        <div className="dir-join-form__fields">
          <Field label={t('directory.roster.orgs')} error={form.fieldError('orgs')}>
            <Input
              key={`orgs-${inputsKey}`}
              name="orgs"
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => change('orgs')(event.target.files?.[0] ?? null)}
            />
          </Field>
          <Field label={t('directory.roster.users')} error={form.fieldError('users')}>
            <Input
              key={`users-${inputsKey}`}
              name="users"
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => change('users')(event.target.files?.[0] ?? null)}
            />
          </Field>
          <Field label={t('directory.roster.teachers')} error={form.fieldError('teachers')}>
            <Select
              name="teachers"
              options={(['none', 'supervisor'] as const).map((value) => ({
                value,
                label: t(TEACHER_KEYS[value]),
              }))}
              value={values.teachers}
              onValueChange={(value) => change('teachers')(value as Teachers)}
            />
          </Field>
          <Field
            label={t('directory.roster.administrators')}
            error={form.fieldError('administrators')}
          >
            <Select
              name="administrators"
              options={(['none', 'supervisor', 'admin'] as const).map((value) => ({
                value,
                label: t(ADMINISTRATOR_KEYS[value]),
              }))}
              value={values.administrators}
              onValueChange={(value) => change('administrators')(value as Administrators)}
            />
          </Field>
        </div>
        <p className="dir-section__note">{t('directory.roster.rightsNote')}</p>
        <div className="dir-join-form__footer">
          <Button
            type="submit"
            variant={preview ? 'outline' : 'default'}
            disabled={busy}
            aria-busy={(busy && upload.variables?.dryRun) || undefined}
          >
            {busy && upload.variables?.dryRun
              ? t('directory.roster.previewing')
              : t('directory.roster.preview')}
          </Button>
          {preview ? (
            <Button
              type="button"
              disabled={busy}
              aria-busy={(busy && !upload.variables?.dryRun) || undefined}
              onClick={() => send(values, false)}
            >
              {busy && !upload.variables?.dryRun
                ? t('directory.roster.applying')
                : t('directory.roster.apply')}
            </Button>
          ) : null}
        </div>
      </form>

      <div aria-live="polite" className="dir-roster-outcome">
        {preview ? (
          <Counts
            title={t('directory.roster.previewTitle')}
            note={t('directory.roster.previewNote')}
            result={preview}
          />
        ) : applied ? (
          <Counts title={t('directory.roster.appliedTitle')} result={applied} />
        ) : null}
        {failure ? (
          <p role="alert" className="dir-roster-failure">
            {t('directory.roster.failed', { error: failure })}
          </p>
        ) : null}
      </div>
      {badLines.length > 0 ? <BadLines lines={badLines} /> : null}
    </SectionCard>
  );
}

function Counts({
  title,
  note,
  result,
}: {
  title: string;
  note?: string;
  result: RosterImportResult;
}) {
  const { t } = useT();
  return (
    <div className="dir-roster-counts" role="group" aria-label={title}>
      <h3 className="dir-section__heading">{title}</h3>
      {note ? <p className="dir-section__note">{note}</p> : null}
      <dl>
        {(Object.keys(COUNT_KEYS) as (keyof typeof COUNT_KEYS)[]).map((key) => (
          <div key={key}>
            <dt>{t(COUNT_KEYS[key])}</dt>
            <dd>{formatNumber(result[key])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function BadLines({ lines }: { lines: BadLine[] }) {
  const { t } = useT();
  const headings = [
    t('directory.roster.bad.file'),
    t('directory.roster.bad.line'),
    t('directory.roster.bad.reason'),
  ];
  return (
    <div role="alert" className="dir-roster-bad">
      <p className="dir-roster-failure">{t('directory.roster.refused', { count: lines.length })}</p>
      <StackTable
        boxClassName="dir-audit__scroll"
        regionLabel={t('directory.roster.bad.region')}
        className="dir-audit__table"
        caption={t('directory.roster.bad.caption')}
        captionClassName="dir-audit__caption"
        headings={headings}
      >
        <tbody role="rowgroup">
          {lines.map((line) => (
            <tr key={`${line.file}-${line.line}-${line.reason}`} role="row">
              <th scope="row" role="rowheader" data-label={headings[0]}>
                {line.file}
              </th>
              <td role="cell" data-label={headings[1]}>
                {formatNumber(line.line)}
              </td>
              <td role="cell" data-label={headings[2]}>
                {line.code ? t(REASON_KEYS[line.code], line.params) : line.reason}
              </td>
            </tr>
          ))}
        </tbody>
      </StackTable>
    </div>
  );
}
