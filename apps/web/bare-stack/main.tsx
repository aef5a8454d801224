/**
 * The floor of a signed-in page on the fixed stack (React 19 + Ant Design, docs/decisions): a header with tabs, a
 * search box, a card with a 30-row table and buttons, rendered at once from constants — no router, no data fetching,
 * no translations, no code of ours. Lighthouse's mobile preset on this page is what the stack itself scores
 * (bench/README.md "Lighthouse").
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Card, ConfigProvider, Input, Layout, Menu, Table, Tag } from 'antd';

const rows = Array.from({ length: 30 }, (_, i) => ({ key: i, name: `陳經理${i}`, email: `c${i}@example.com`, phone: `0912-345-${String(i).padStart(3, '0')}`, tag: i % 3 ? '潛在客戶' : '重要' }));
const columns = [
  { title: '姓名', dataIndex: 'name', key: 'name' },
  { title: '電子郵件', dataIndex: 'email', key: 'email' },
  { title: '手機', dataIndex: 'phone', key: 'phone' },
  { title: '標籤', dataIndex: 'tag', key: 'tag', render: (tag: string) => <Tag>{tag}</Tag> },
];
const tabs = ['首頁', '聯絡人', '公司', '行事曆', '商機', '統計'].map((label) => ({ key: label, label }));

interface Row { key: string | number; name: string; email: string; phone: string; tag: string }
declare global {
  interface Window { __rows?: Promise<{ data: { items: { id: string; lastName: string | null; firstName: string | null }[] } }> }
}

function Page({ dataRows }: { dataRows?: Row[] }) {
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1d4fb8' } }}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          <Menu theme="dark" mode="horizontal" items={tabs} selectedKeys={['聯絡人']} style={{ flex: 1, minWidth: 0 }} />
          <Input.Search aria-label="搜尋" placeholder="搜尋" style={{ width: 200 }} />
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>
          <Card title={<h1 style={{ margin: 0, fontSize: 20 }}>聯絡人</h1>} extra={<Button type="primary">新增聯絡人</Button>}>
            <Table dataSource={dataRows ?? rows} columns={columns} pagination={false} scroll={{ x: 'max-content' }} />
          </Card>
        </Layout.Content>
      </Layout>
    </ConfigProvider>
  );
}

// Signed in (a session in localStorage), the rows are the workspace's first 30 contacts, rendered once they arrive —
// the least a data page can do; signed out, the constant rows at once.
const root = createRoot(document.getElementById('root')!);
if (window.__rows) {
  void window.__rows.then((answer) => {
    const dataRows = answer.data.items.map((c) => ({ key: c.id, name: `${c.lastName ?? ''}${c.firstName ?? ''}`, email: '', phone: '', tag: '潛在客戶' }));
    root.render(<StrictMode><Page dataRows={dataRows} /></StrictMode>);
  });
} else {
  root.render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
}
