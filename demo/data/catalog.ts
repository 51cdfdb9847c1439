// Fixed vocabulary of the synthetic data set: which projects exist, how their agents are named, and the
// service names, SQL, outbound hosts and exceptions each platform produces. The seed varies codes, ids,
// tokens and numbers; the vocabulary stays readable and stable so screenshots and docs make sense.

/** The three kinds of monitoring product the spec describes. */
export const PRODUCT_KINDS = { apm: 'APM', server: 'SMS', database: 'DB' } as const;
export type ProductKind = keyof typeof PRODUCT_KINDS;

export interface ProjectTemplate {
  name: string;
  kind: ProductKind;
  platform: string;
  status: string;
  /** Index into GROUP_TEMPLATES, or -1 for a project outside every group. */
  group: number;
  agentCount: number;
  gatewayName: string;
  /** Kinds (okindName) the agents are spread over. */
  okinds: readonly string[];
}

export const GROUP_TEMPLATES = [
  { groupName: 'Commerce', description: 'Storefront, ordering and their database' },
  { groupName: 'Data and ML', description: 'Recommendation and reporting workloads' },
  { groupName: 'Infrastructure', description: 'Hosts watched by server monitoring' },
] as const;

export const PROJECT_TEMPLATES: readonly ProjectTemplate[] = [
  {
    name: 'Storefront Web',
    kind: 'apm',
    platform: 'NODEJS',
    status: 'subscribe',
    group: 0,
    agentCount: 8,
    gatewayName: 'demo-east',
    okinds: ['storefront-ssr', 'storefront-api'],
  },
  {
    name: 'Order Service',
    kind: 'apm',
    platform: 'JAVA',
    status: 'subscribe',
    group: 0,
    agentCount: 10,
    gatewayName: 'demo-east',
    okinds: ['order-api', 'order-worker', 'order-batch'],
  },
  {
    name: 'Recommendation API',
    kind: 'apm',
    platform: 'PYTHON',
    status: 'trial',
    group: 1,
    agentCount: 6,
    gatewayName: 'demo-west',
    okinds: ['reco-api', 'reco-trainer'],
  },
  {
    name: 'Legacy Billing',
    kind: 'apm',
    platform: 'PHP',
    status: 'trial_limited',
    group: -1,
    agentCount: 3,
    gatewayName: 'demo-west',
    okinds: ['billing-web'],
  },
  {
    name: 'Linux Fleet',
    kind: 'server',
    platform: 'LINUX',
    status: 'subscribe',
    group: 2,
    agentCount: 8,
    gatewayName: 'demo-east',
    okinds: ['web', 'db', 'cache'],
  },
  {
    name: 'Windows Hosts',
    kind: 'server',
    platform: 'WINDOWS',
    status: 'limited',
    group: 2,
    agentCount: 3,
    gatewayName: 'demo-west',
    okinds: ['win-app'],
  },
  {
    name: 'Orders PostgreSQL',
    kind: 'database',
    platform: 'POSTGRESQL',
    status: 'subscribe',
    group: 0,
    agentCount: 3,
    gatewayName: 'demo-east',
    okinds: ['orders-pg'],
  },
  {
    name: 'Reporting MySQL',
    kind: 'database',
    platform: 'MYSQL',
    status: 'close_pending',
    group: 1,
    agentCount: 2,
    gatewayName: 'demo-west',
    okinds: ['report-mysql'],
  },
  {
    name: 'Old Intranet',
    kind: 'apm',
    platform: 'JAVA',
    status: 'closed',
    group: -1,
    agentCount: 2,
    gatewayName: 'demo-east',
    okinds: ['intranet'],
  },
  {
    name: 'Mobile Gateway',
    kind: 'apm',
    platform: 'NODEJS',
    status: 'pending',
    group: -1,
    agentCount: 0,
    gatewayName: 'demo-east',
    okinds: ['mobile-bff'],
  },
  // Later projects cover the product lines the MXQL catalog knows beyond the three above; they are
  // appended so every earlier project keeps its codes, agents and numbers.
  {
    name: 'Payments .NET',
    kind: 'apm',
    platform: 'DOTNET',
    status: 'subscribe',
    group: 0,
    agentCount: 4,
    gatewayName: 'demo-east',
    okinds: ['payments-api', 'payments-worker'],
  },
  {
    name: 'Edge Gateway Go',
    kind: 'apm',
    platform: 'GO',
    status: 'subscribe',
    group: 0,
    agentCount: 3,
    gatewayName: 'demo-west',
    okinds: ['edge-gw'],
  },
  {
    name: 'Shop Kubernetes',
    kind: 'server',
    platform: 'KUBERNETES',
    status: 'subscribe',
    group: 2,
    agentCount: 6,
    gatewayName: 'demo-east',
    okinds: ['k8s-node', 'k8s-master'],
  },
  {
    name: 'Cloud Accounts',
    kind: 'server',
    platform: 'CLOUD',
    status: 'subscribe',
    group: 2,
    agentCount: 3,
    gatewayName: 'demo-west',
    okinds: ['cloud-collector'],
  },
  {
    name: 'Storefront Browser',
    kind: 'apm',
    platform: 'BROWSER',
    status: 'subscribe',
    group: 0,
    agentCount: 2,
    gatewayName: 'demo-east',
    okinds: ['storefront-rum'],
  },
];

export const MEMBER_TEMPLATES = [
  { email: 'owner@demo.example', name: 'Dana Owner', typeKey: 'admin', typeName: 'Administrator' },
  { email: 'dev.lee@demo.example', name: 'Lee Developer', typeKey: 'editor', typeName: 'Editor' },
  { email: 'ops.kim@demo.example', name: 'Kim Operator', typeKey: 'editor', typeName: 'Editor' },
  { email: 'viewer.park@demo.example', name: 'Park Viewer', typeKey: 'viewer', typeName: 'Viewer' },
  { email: 'dba.choi@demo.example', name: 'Choi DBA', typeKey: 'viewer', typeName: 'Viewer' },
] as const;

export const ACCOUNT_EMAIL = 'owner@demo.example';

/** Transaction names per platform family, most frequent first. */
export const SERVICES: Record<string, readonly string[]> = {
  NODEJS: ['/', '/products', '/products/{id}', '/cart', '/checkout', '/api/search', '/api/session', '/login'],
  JAVA: [
    '/api/orders',
    '/api/orders/{id}',
    '/api/orders/{id}/items',
    '/api/payments/authorize',
    '/api/inventory/reserve',
    '/internal/health',
    '/batch/settlement',
    '/api/shipping/quote',
  ],
  PYTHON: ['/recommend', '/recommend/similar', '/features/user', '/model/reload', '/healthz'],
  PHP: ['/index.php', '/invoice.php', '/invoice/print.php', '/admin/report.php'],
  DOTNET: ['/api/payments', '/api/payments/{id}/capture', '/api/refunds', '/health'],
  GO: ['/v1/route', '/v1/auth/token', '/v1/rate-limit', '/metrics'],
  BROWSER: ['/', '/products', '/products/{id}', '/cart', '/checkout/payment'],
  DB: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
};

export const SQL_STATEMENTS = [
  {
    sql: 'SELECT id, status, total FROM orders WHERE customer_id = # ORDER BY created_at DESC LIMIT #',
    crud: 'S',
  },
  { sql: 'SELECT * FROM order_items WHERE order_id = #', crud: 'S' },
  { sql: 'INSERT INTO orders (customer_id, total, status) VALUES (#, #, #)', crud: 'I' },
  { sql: 'UPDATE inventory SET reserved = reserved + # WHERE sku = #', crud: 'U' },
  { sql: 'SELECT sku, name, price FROM products WHERE category = # AND active = #', crud: 'S' },
  { sql: 'DELETE FROM cart_items WHERE session_id = # AND updated_at < #', crud: 'D' },
  { sql: 'SELECT count(*) FROM sessions WHERE user_id = #', crud: 'S' },
  { sql: 'UPDATE payments SET state = # WHERE id = #', crud: 'U' },
  { sql: 'SELECT u.id, u.name FROM users u JOIN roles r ON r.user_id = u.id WHERE r.name = #', crud: 'S' },
  { sql: 'INSERT INTO audit_log (actor, action, at) VALUES (#, #, #)', crud: 'I' },
] as const;

export const DATABASE_URLS = [
  'jdbc:postgresql://orders-pg-primary:5432/orders',
  'jdbc:postgresql://orders-pg-replica-1:5432/orders',
  'jdbc:mysql://report-mysql-1:3306/reporting',
] as const;

export const OUTBOUND_CALLS = [
  { host: 'payments.partner.example', port: 443, urls: ['/v1/charges', '/v1/refunds'] },
  { host: 'inventory.internal', port: 8080, urls: ['/stock/{sku}', '/reserve'] },
  { host: 'search.internal', port: 9200, urls: ['/products/_search'] },
  { host: 'mail.partner.example', port: 443, urls: ['/v3/send'] },
] as const;

export const EXCEPTIONS: Record<string, readonly { cls: string; msg: string }[]> = {
  JAVA: [
    {
      cls: 'java.sql.SQLTransientConnectionException',
      msg: 'Connection is not available, request timed out',
    },
    { cls: 'java.net.SocketTimeoutException', msg: 'Read timed out' },
    { cls: 'java.lang.IllegalStateException', msg: 'Order # is already settled' },
  ],
  NODEJS: [
    { cls: 'TypeError', msg: "Cannot read properties of undefined (reading 'price')" },
    { cls: 'FetchError', msg: 'request to http://search.internal:9200 failed, reason: ETIMEDOUT' },
  ],
  PYTHON: [
    { cls: 'KeyError', msg: "'user_features'" },
    { cls: 'requests.exceptions.ReadTimeout', msg: 'HTTPConnectionPool: Read timed out. (read timeout=#)' },
  ],
  PHP: [{ cls: 'PDOException', msg: 'SQLSTATE[HY000] [2002] Connection refused' }],
};

/** Client IPs from the documentation ranges (RFC 5737), so none of them is a real address. */
export const CLIENT_LOCATIONS = [
  { ip: '203.0.113.10', city: 'Seoul', country: 'KR' },
  { ip: '203.0.113.24', city: 'Busan', country: 'KR' },
  { ip: '198.51.100.7', city: 'Tokyo', country: 'JP' },
  { ip: '198.51.100.42', city: 'Frankfurt', country: 'DE' },
  { ip: '192.0.2.15', city: 'San Jose', country: 'US' },
  { ip: '192.0.2.88', city: 'Sao Paulo', country: 'BR' },
  { ip: '203.0.113.200', city: 'Singapore', country: 'SG' },
] as const;
