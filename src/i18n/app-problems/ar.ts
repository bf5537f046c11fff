import type { AppProblemMessages } from './en';

// U+2066 … U+2069 keep the command-line flag left to right inside the right-to-left text.
export const appProblemsAr: AppProblemMessages = {
  'app-not-found': 'لا يحتوي خادم الهوية على {server} على تطبيق بالمعرّف «{appId}». تحقّق من السمة app-id.',
  'origin-not-allowed':
    'لا يُسمح لأصل هذه الصفحة، {pageOrigin}، باستخدام هذا التطبيق: قيمة auth_origin له هي {authOrigin}. اضبط auth_origin للتطبيق على {pageOrigin} في ملف التطبيقات لخادم الهوية، أو إن كان الملف من تشغيل الخادم الأول، فأعد تشغيله مع \u2066--auth-origin {pageOrigin}\u2069.',
  'server-unreachable': 'لم يُجب أي خادم هوية على {url}. تحقّق من أنه يعمل، أو اضبط السمة api-url على عنوانه.',
  'server-error': 'تعذّر على خادم الهوية على {server} تحميل هذا التطبيق: {detail}',
};
