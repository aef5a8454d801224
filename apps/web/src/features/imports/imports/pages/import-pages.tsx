import { Alert, Button, Card, Flex, Popconfirm, Progress, Radio, Result, Select, Space, Statistic, Switch, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { importCustomFieldKinds, importWorkflowsDefaultMaxRows, newFieldTarget, type DuplicateMode, type ImportDetail, type ImportKind } from '@lodestar/contract';
import { formatDateTime } from '../../../../shared/format/when.ts';
import { ErrorState } from '../../../../shared/ui/query-state.tsx';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { usePermissions } from '../../../../shared/permissions.ts';
import { EnrichmentButton, EnrichmentStatus } from '../../../records/companies/index.ts';
import { fieldName } from '../field-names.ts';
import { downloadFailedRows, downloadTemplate, useImportDetail, useSetMapping, useStartImport, useUndoImport, useUploadImport } from '../imports.api.ts';

/** Where each kind's list lives (the done page's way back). */
const listPaths: Record<ImportKind, string> = { contact: 'contact/list', company: 'company/list', deal: 'deal/list?view=list', schedule: 'calendar' };

/** /{orgId}/import/{kind}: choose the file (or download the template). */
export function ImportUploadPage({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation('imports');
  usePageTitle(t(`kind.${kind}.title`));
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const upload = useUploadImport(kind, orgId);
  return (
    <Card title={<h1 className="page-title">{t(`kind.${kind}.title`)}</h1>} extra={<Button onClick={() => void downloadTemplate(kind, orgId)}>{t('template')}</Button>}>
      <Upload.Dragger
        accept=".csv,text/csv,.tsv,.txt,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.vcf,text/vcard,.xls"
        showUploadList={false}
        disabled={upload.isPending}
        customRequest={({ file }) => {
          upload.mutate(file as File, { onSuccess: ({ id }) => void navigate(`/${orgId}/import/${kind}/${id}`) });
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('uploadHint')}</p>
      </Upload.Dragger>
    </Card>
  );
}

function useTargetOptions(detail: ImportDetail) {
  const { t, i18n } = useTranslation('imports');
  const builtIn = (key: string) => fieldName(t, i18n.language, detail.kind, key);
  return [
    { value: '', label: t('ignore') },
    // Schedules have no custom fields: their other columns can only be ignored.
    ...(importCustomFieldKinds.includes(detail.kind) ? [{ value: newFieldTarget, label: t('newField') }] : []),
    ...detail.targets.map((target) => {
      const label = target.title ?? builtIn(target.key);
      return { value: target.key, label: target.required ? `${label} (${t('required')})` : label };
    }),
  ];
}

function CheckStep({ orgId, detail }: { orgId: string; detail: ImportDetail }) {
  const { t } = useTranslation('imports');
  const setMapping = useSetMapping(detail.kind, orgId, detail.id);
  const start = useStartImport(detail.kind, orgId, detail.id);
  const options = useTargetOptions(detail);
  const save = (mapping: string[], duplicates: DuplicateMode) => setMapping.mutate({ mapping, duplicates });
  const columns = detail.headers.map((header, i) => ({ key: i, header: header || '—', sample: detail.preview.map((row) => row[i] ?? '').filter(Boolean).slice(0, 2).join(' · ') }));
  return (
    <Flex vertical gap="middle">
      <Typography.Text type="secondary">
        {detail.fileName} · {t('rows', { count: detail.totalRows, encoding: detail.encoding })} · {t('blankIgnored')}
      </Typography.Text>
      <PresetNote detail={detail} />
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={columns}
        columns={[
          { title: t('column'), dataIndex: 'header', width: '25%' },
          { title: t('preview'), dataIndex: 'sample', ellipsis: true },
          {
            title: t('target'),
            width: '35%',
            render: (_, column) => (
              <Select
                aria-label={`${t('target')}: ${column.header}`}
                style={{ width: '100%' }}
                value={detail.mapping[column.key]}
                disabled={detail.headers[column.key] === ''}
                options={options}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(value: string) => save(detail.mapping.map((m, i) => (i === column.key ? value : m)), detail.duplicates)}
              />
            ),
          },
        ]}
      />
      <Space direction="vertical">
        <Typography.Text strong id="duplicates-label">{t(`kind.${detail.kind}.duplicates`)}</Typography.Text>
        <Radio.Group
          aria-labelledby="duplicates-label"
          value={detail.duplicates}
          onChange={(e) => save(detail.mapping, e.target.value as DuplicateMode)}
          options={(['skip', 'update', 'create'] as const).map((mode) => ({ value: mode, label: t(`duplicate.${mode}`) }))}
        />
      </Space>
      <Space direction="vertical">
        <Space align="center">
          <Switch
            id="run-workflows"
            checked={detail.runWorkflows}
            onChange={(runWorkflows) => setMapping.mutate({ mapping: detail.mapping, duplicates: detail.duplicates, runWorkflows })}
            data-testid="import-run-workflows"
          />
          <label htmlFor="run-workflows">
            <Typography.Text strong>{t('runWorkflows.label')}</Typography.Text>
          </label>
        </Space>
        <Typography.Text type="secondary">{t('runWorkflows.hint', { count: importWorkflowsDefaultMaxRows })}</Typography.Text>
      </Space>
      <ProblemTable detail={detail} title={t('problems')} />
      {detail.problems.length === 0 ? <Alert type="success" showIcon message={t('noProblems')} /> : null}
      <div>
        <Button type="primary" loading={start.isPending || setMapping.isPending} onClick={() => start.mutate()}>
          {t('start')}
        </Button>
      </div>
    </Flex>
  );
}

/** Which tool's export was recognised, and the named columns it leaves out (so none is dropped unseen). */
function PresetNote({ detail }: { detail: ImportDetail }) {
  const { t } = useTranslation('imports');
  if (!detail.preset) return null;
  const leftOut = detail.headers.filter((header, i) => header !== '' && detail.mapping[i] === '');
  return (
    <Alert
      type="info"
      showIcon
      message={t('presetFound', { tool: t(`presets.${detail.preset}`) })}
      description={
        leftOut.length > 0 || detail.preset === 'appleContacts' ? (
          <>
            {leftOut.length > 0 ? <div>{t('presetLeftOut', { count: leftOut.length, columns: leftOut.join('、') })}</div> : null}
            {detail.preset === 'appleContacts' ? <div>{t('presetPhotos')}</div> : null}
          </>
        ) : undefined
      }
    />
  );
}

function ProblemTable({ detail, title }: { detail: ImportDetail; title: string }) {
  const { t } = useTranslation('imports');
  if (detail.problems.length === 0) return null;
  return (
    <Table
      size="small"
      title={() => title}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      rowKey={(p) => `${p.row}-${p.column}-${p.reason}`}
      dataSource={detail.problems}
      columns={[
        { title: t('row'), dataIndex: 'row', width: 80 },
        { title: t('column'), dataIndex: 'column', width: '30%' },
        { title: t('reason'), dataIndex: 'message' },
      ]}
    />
  );
}

function Running({ detail }: { detail: ImportDetail }) {
  const { t } = useTranslation('imports');
  const percent = detail.totalRows > 0 ? Math.floor((detail.rowsDone / detail.totalRows) * 100) : 0;
  return (
    <Flex vertical gap="middle" role="status" aria-live="polite">
      <Typography.Title level={4}>{t('running')}</Typography.Title>
      <Progress percent={percent} />
      <Typography.Text>
        {t('progress', { done: detail.rowsDone, total: detail.totalRows })}
        {detail.rowsPerSecond ? ` · ${t('speed', { rate: detail.rowsPerSecond, seconds: detail.secondsLeft ?? 0 })}` : ''}
      </Typography.Text>
      <Typography.Text type="secondary">{t('canLeave')}</Typography.Text>
    </Flex>
  );
}

/** The undo job's progress (the done page while the state is undoing). */
function Undoing({ detail }: { detail: ImportDetail }) {
  const { t } = useTranslation('imports');
  const percent = detail.undoTotal > 0 ? Math.floor((detail.undoDone / detail.undoTotal) * 100) : 0;
  return (
    <Card>
      <Flex vertical gap="middle" role="status" aria-live="polite">
        <Typography.Title level={1} className="page-title">
          {t('undoing')}
        </Typography.Title>
        <Typography.Text type="secondary">{detail.fileName}</Typography.Text>
        <Progress percent={percent} aria-label={t('undoing')} />
        <Typography.Text>{t('undoProgress', { done: detail.undoDone, total: detail.undoTotal })}</Typography.Text>
        <Typography.Text type="secondary">{t('undoCanLeave')}</Typography.Text>
      </Flex>
    </Card>
  );
}

/** /{orgId}/import/{kind}/{id}: the check step, then the progress; a finished import moves to the done page. */
export function ImportCheckPage({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation('imports');
  usePageTitle(t('checkTitle'));
  const { orgId = '', id = '' } = useParams();
  const detail = useImportDetail(kind, orgId, id);
  const data = detail.data;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  if (data && data.state !== 'ready' && data.state !== 'running') return <Navigate to={`/${orgId}/import/done/${kind}?id=${data.id}`} replace />;
  return (
    <Card title={<h1 className="page-title">{t('checkTitle')}</h1>} extra={t(`kind.${kind}.title`)} loading={!data}>
      {data?.state === 'ready' ? <CheckStep orgId={orgId} detail={data} /> : null}
      {data?.state === 'running' ? <Running detail={data} /> : null}
    </Card>
  );
}

function DoneView({ orgId, detail }: { orgId: string; detail: ImportDetail }) {
  const { t } = useTranslation('imports');
  const { can } = usePermissions(orgId);
  const undo = useUndoImport(detail.kind, orgId, detail.id);
  // The companies a company or contact import wrote with a business number can be filled from the company registry
  // (address, registered name): registryCompanies counts them.
  const canEnrich = detail.registryCompanies > 0 && can('company', 'edit');
  const title = { done: t('doneTitle'), failed: t('failedTitle'), undone: t('undoneTitle') }[detail.state as 'done' | 'failed' | 'undone'];
  return (
    <Card>
      <Result
        status={detail.state === 'done' ? 'success' : detail.state === 'failed' ? 'warning' : 'info'}
        title={<h1 className="page-title">{title}</h1>}
        subTitle={
          detail.errorMessage
            ? `${detail.errorMessage} ${t('importedSoFar', { count: detail.created + detail.updated })}`
            : detail.state === 'undone' && detail.undoTotal > 0
              ? `${detail.fileName} · ${t('undoProgress', { done: detail.undoDone, total: detail.undoTotal })}`
              : detail.fileName
        }
        extra={[
          <Link key="list" to={`/${orgId}/${listPaths[detail.kind]}`}>
            <Button type="primary">{t(`kind.${detail.kind}.toList`)}</Button>
          </Link>,
          <Link key="more" to={`/${orgId}/import/${detail.kind}`}>
            <Button>{t('importMore')}</Button>
          </Link>,
          canEnrich ? <EnrichmentButton key="enrich" orgId={orgId} importId={detail.id} /> : null,
          detail.undoUntil ? (
            <Popconfirm key="undo" title={t(`kind.${detail.kind}.undoConfirm`)} onConfirm={() => undo.mutate()}>
              <Button danger loading={undo.isPending}>
                {t('undo')}
              </Button>
            </Popconfirm>
          ) : null,
        ]}
      />
      <Flex gap="large" wrap justify="center" data-testid="import-counts">
        {(['created', 'updated', 'skipped', 'failed'] as const).map((key) => (
          <Statistic key={key} title={t(key)} value={detail[key]} />
        ))}
      </Flex>
      {canEnrich ? (
        <div className="import-enrichment">
          <EnrichmentStatus orgId={orgId} />
        </div>
      ) : null}
      {detail.undoUntil ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('undoUntil', { date: formatDateTime(detail.undoUntil) })}
        </Typography.Paragraph>
      ) : null}
      {detail.failed > 0 ? (
        <Flex vertical gap="small" style={{ marginTop: 12 }}>
          <ProblemTable detail={detail} title={t('failed')} />
          <div>
            <Button onClick={() => void downloadFailedRows(detail.kind, orgId, detail.id)}>{t('failedFile')}</Button>
          </div>
        </Flex>
      ) : null}
    </Card>
  );
}

/** /{orgId}/import/done/{kind}?id=: what the import created, updated, skipped and failed; undo. */
export function ImportDonePage({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation('imports');
  usePageTitle(t('doneTitle'));
  const { orgId = '' } = useParams();
  const [search] = useSearchParams();
  const detail = useImportDetail(kind, orgId, search.get('id') ?? '');
  const data = detail.data;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  // Not finished yet: the check step shows the mapping or the progress.
  if (data && (data.state === 'ready' || data.state === 'running')) return <Navigate to={`/${orgId}/import/${kind}/${data.id}`} replace />;
  if (data?.state === 'undoing') return <Undoing detail={data} />;
  return data ? <DoneView orgId={orgId} detail={data} /> : <Card loading />;
}
