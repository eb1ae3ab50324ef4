// The audit.recorded events a service wrote to its outbox (issue 16), as rows shaped like the
// audit_log it used to keep: `SELECT … FROM ${PUBLISHED_AUDIT_LOG} WHERE …` in that service's
// database (unqualified: the search path is the service's schema).
export const PUBLISHED_AUDIT_LOG = `(
  SELECT o."seq" AS id,
         (o."payload"->>'at')::timestamptz AS at,
         (o."payload"->>'actorId')::int AS actor_id,
         o."payload"->>'action' AS action,
         o."payload"->>'targetType' AS target_type,
         o."payload"->>'targetId' AS target_id,
         o."payload"->>'outcome' AS outcome,
         NULLIF(o."payload"->'detail', 'null'::jsonb) AS detail
    FROM outbox o
   WHERE o."type" = 'audit.recorded') AS audit_log`;
