import { hasPermission } from '@herald/contract/members/permissions';
import { Navigate, useParams } from 'react-router';
import { SdkApiPage } from '../../features/service/components/sdk-api-page';
import { useServiceContext } from '../../features/service/hooks/use-service-context';
import { isSnippetLanguage } from '../../features/service/utils/snippets';
import { NotFoundPage } from './not-found';

/** `/service/:serviceId/sdk-api/:language?`: without a language, JavaScript; an unknown one is a 404. */
export function ServiceSdkApiRoute() {
  const { service, roles } = useServiceContext();
  const { language } = useParams();
  if (language === undefined) {
    return <Navigate to={`/service/${service.serviceId}/sdk-api/javascript`} replace />;
  }
  if (!isSnippetLanguage(language)) return <NotFoundPage />;
  return (
    <SdkApiPage
      service={service}
      language={language}
      canRevealCredentials={hasPermission(roles, 'configure-service-console')}
    />
  );
}
