import type { AppProblemMessages } from './en';

export const appProblemsZh: AppProblemMessages = {
  'app-not-found': '位于 {server} 的身份服务器没有 ID 为“{appId}”的应用。请检查 app-id 属性。',
  'origin-not-allowed':
    '此页面的源 {pageOrigin} 不能使用此应用：该应用的 auth_origin 是 {authOrigin}。请在身份服务器的应用文件中将该应用的 auth_origin 设为 {pageOrigin}；如果该文件是服务器首次运行时生成的，请使用 --auth-origin {pageOrigin} 重新启动服务器。',
  'server-unreachable': '{url} 处没有身份服务器响应。请检查它是否正在运行，或将 api-url 属性设为它的地址。',
  'server-error': '位于 {server} 的身份服务器无法加载此应用：{detail}',
};
