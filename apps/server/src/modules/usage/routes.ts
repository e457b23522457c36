import { ERROR_CODES } from '@herald/contract/api/errors';
import { routes } from '@herald/contract/api/routes';
import { usageLimitProblem, usageStep } from '@herald/contract/usage/usage-limits';
import { usageMetricType, type UsageItem } from '@herald/contract/usage/usage.schema';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { registerRoute, serviceOf } from '../../plugins/route-registry';

/**
 * GET /v3/service/{serviceId}/usage (spec section 7 "Usage", docs/decisions/022): one item per metric named, in
 * that order, answered by the metrics store. Any member of the service's workspace may read it (route registry).
 */
export async function usageRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, routes.getUsage, async (request) => {
    const row = serviceOf(request);
    const { queryType, from, to, metrics, customStep } = request.query;
    const window = { from, to, ...(customStep !== undefined && { customStep }) };
    const problem = usageLimitProblem(window);
    if (problem) {
      throw new HttpError(400, ERROR_CODES.validation, problem.message, {
        issues: [{ path: `query.${problem.field}`, message: problem.message }],
      });
    }
    const step = usageStep(window);
    const questions = metrics.map((metric) => ({
      serviceId: row.id,
      serviceName: row.serviceName,
      metric,
      queryType,
      from,
      to,
      step,
    }));
    const store = app.metricsStore;
    const answers = store.answerMany
      ? await store.answerMany(questions)
      : await Promise.all(questions.map((question) => store.answer(question)));
    return questions.map(({ metric }, index): UsageItem => {
      const answer = answers[index]!;
      const metricType = usageMetricType(metric, queryType);
      return Array.isArray(answer)
        ? { metricType, valueList: answer }
        : { metricType, value: answer };
    });
  });
}
