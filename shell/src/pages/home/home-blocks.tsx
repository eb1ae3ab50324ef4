import { APP_ROUTES, type CurrentUser, type Opportunity } from '@district/contracts';
import {
  AlertIcon,
  Badge,
  Button,
  CalendarIcon,
  CheckCircleIcon,
  ClockIcon,
  formatDate,
  formatNumber,
  MapPinIcon,
  SectionCard,
  SparklesIcon,
  useT,
} from '@district/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  useActiveOpportunities,
  useHoursSummary,
  useMyProgress,
  useMySignupIds,
  usePendingPostCount,
} from './home.queries';
import { readLastSeenOpportunity, writeLastSeenOpportunity } from './last-visit';

// Issue 33.12: below the spec's three cards, what concerns this user. Each block reads its own
// service and says so in one line when that service is down; the rest of home keeps working.

const SHOWN = 3;
const checkInPath = (id: number) => `/volunteer/check-in?o=${id}`;
const cardPath = (id: number) => `${APP_ROUTES.volunteer}#opportunity-${id}`;

// Weekday, day and time of an event, as the language in use writes them.
export const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

type Status = 'pending' | 'error' | 'success';

// One block: a titled region whose body keeps its reserved height while loading (skeleton rows of
// the finished rows' size), then shows the content, the empty sentence or the unavailable note.
function HomeBlock({
  id,
  icon,
  title,
  status,
  rows,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  status: Status;
  rows: number;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <SectionCard
      titleId={`home-${id}-title`}
      title={
        <span className="home-block__title">
          {icon}
          {title}
        </span>
      }
      className={`home-block home-block--${id}`}
      contentClassName="home-block__body"
    >
      {status === 'pending' ? (
        <div aria-busy="true">
          <span className="ui-sr-only">{t('shell.home.loading')}</span>
          {Array.from({ length: rows }, (_, i) => (
            <span key={i} className="home-block__skeleton" aria-hidden="true" />
          ))}
        </div>
      ) : status === 'error' ? (
        <p className="home-block__unavailable muted">
          <AlertIcon size="sm" /> {t('shell.home.unavailable')}
        </p>
      ) : (
        children
      )}
    </SectionCard>
  );
}

const combined = (...statuses: Status[]): Status =>
  statuses.includes('error') ? 'error' : statuses.includes('pending') ? 'pending' : 'success';

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

// The student's coming sign-ups, soonest first; one still running today stays until it ends.
function upcomingSignups(list: Opportunity[], ids: number[], now: Date): Opportunity[] {
  const mine = new Set(ids);
  return list
    .filter((o) => mine.has(o.id) && new Date(o.endsAt).getTime() >= now.getTime())
    .sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime());
}

function NextSignups() {
  const { t } = useT();
  const active = useActiveOpportunities();
  const ids = useMySignupIds();
  const now = new Date();
  const coming = upcomingSignups(active.data ?? [], ids.data ?? [], now);
  return (
    <HomeBlock
      id="signups"
      icon={<CalendarIcon />}
      title={t('shell.home.signupsTitle')}
      status={combined(active.status, ids.status)}
      rows={SHOWN}
    >
      {coming.length === 0 ? (
        <p className="muted">{t('shell.home.signupsEmpty')}</p>
      ) : (
        <ul className="home-list">
          {coming.slice(0, SHOWN).map((o) => {
            const today = sameDay(new Date(o.date), now);
            return (
              <li key={o.id} className="home-signup">
                <div className="home-signup__text">
                  <Link className="home-signup__title" to={cardPath(o.id)}>
                    {o.title}
                  </Link>
                  <span className="home-signup__meta muted">
                    <ClockIcon size="sm" />
                    <time dateTime={o.date}>{formatDate(o.date, WHEN)}</time>
                    {today ? <Badge variant="highlight">{t('shell.home.today')}</Badge> : null}
                  </span>
                  <span className="home-signup__meta muted">
                    <MapPinIcon size="sm" />
                    <span className="home-signup__place">{o.location}</span>
                  </span>
                </div>
                {today ? (
                  <Button asChild size="sm">
                    <Link
                      to={checkInPath(o.id)}
                      aria-label={t('shell.home.checkInTo', { title: o.title })}
                    >
                      {t('shell.home.checkIn')}
                    </Link>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </HomeBlock>
  );
}

const hours = (value: number) => formatNumber(value, { maximumFractionDigits: 1 });

function GoalProgressBlock() {
  const { t } = useT();
  const progress = useMyProgress();
  const data = progress.data;
  const goal = data?.goal;
  return (
    <HomeBlock
      id="progress"
      icon={<ClockIcon />}
      title={t('shell.home.progressTitle')}
      status={progress.status}
      rows={2}
    >
      {data && goal ? (
        <div className="home-progress">
          <p className="home-progress__summary">
            {t('shell.home.progressSummary', {
              approved: hours(data.approvedHours),
              goal: hours(goal.hours),
            })}
          </p>
          <div
            className="home-progress__bar"
            role="progressbar"
            aria-label={t('shell.home.progressBar')}
            aria-valuemin={0}
            aria-valuemax={goal.hours}
            aria-valuenow={Math.min(data.approvedHours, goal.hours)}
          >
            <span
              className="home-progress__fill"
              style={{
                width: `${goal.hours > 0 ? Math.min(100, (data.approvedHours / goal.hours) * 100) : 0}%`,
              }}
            />
          </div>
          <p className="muted">
            {t('shell.home.progressDue', {
              due: formatDate(`${goal.dueDate.slice(0, 10)}T00:00:00Z`, {
                dateStyle: 'medium',
                timeZone: 'UTC',
              }),
            })}
          </p>
        </div>
      ) : data ? (
        <p className="muted">
          {t('shell.home.progressNoGoal', { approved: hours(data.approvedHours) })}
        </p>
      ) : null}
      <Link className="home-block__more" to={APP_ROUTES.serviceHours}>
        {t('shell.home.progressLink')}
      </Link>
    </HomeBlock>
  );
}

function NewOpportunities({ userId }: { userId: number }) {
  const { t } = useT();
  const active = useActiveOpportunities();
  // The mark as it was when home opened: what is new stays new while the student looks at it.
  const [lastSeen] = useState(() => readLastSeenOpportunity(userId));
  const list = active.data;
  useEffect(() => {
    if (!list?.length) return;
    const newest = Math.max(...list.map((o) => o.id), lastSeen ?? 0);
    writeLastSeenOpportunity(userId, newest);
  }, [list, lastSeen, userId]);
  const fresh = (list ?? [])
    .filter((o) => lastSeen === null || o.id > lastSeen)
    .sort((a, b) => b.id - a.id);
  return (
    <HomeBlock
      id="new"
      icon={<SparklesIcon />}
      title={t('shell.home.newTitle')}
      status={active.status}
      rows={SHOWN}
    >
      {fresh.length === 0 ? (
        <p className="muted">{t('shell.home.newEmpty')}</p>
      ) : (
        <>
          <p className="home-block__count">{t('shell.home.newCount', { count: fresh.length })}</p>
          <ul className="home-list">
            {fresh.slice(0, SHOWN).map((o) => (
              <li key={o.id}>
                <Link to={cardPath(o.id)}>{o.title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </HomeBlock>
  );
}

// One line of the review block: a count, its words, and the screen where the work is done.
function ReviewLine({
  status,
  count,
  text,
  action,
  to,
}: {
  status: Status;
  count: number | undefined;
  text: (count: number) => string;
  action: string;
  to: string;
}) {
  const { t } = useT();
  return (
    <li className="home-review">
      {status === 'error' ? (
        <span className="muted">
          <AlertIcon size="sm" /> {t('shell.home.unavailable')}
        </span>
      ) : status === 'pending' || count === undefined ? (
        <span className="home-block__skeleton" aria-hidden="true" />
      ) : (
        <span className="home-review__text">
          <strong className="home-review__count">{formatNumber(count)}</strong> {text(count)}
        </span>
      )}
      <Button asChild size="sm" variant="outline">
        <Link to={to}>{action}</Link>
      </Button>
    </li>
  );
}

function ReviewBlock({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useT();
  const summary = useHoursSummary(true);
  const posts = usePendingPostCount(isAdmin);
  return (
    <HomeBlock
      id="review"
      icon={<CheckCircleIcon />}
      title={t('shell.home.reviewTitle')}
      status="success"
      rows={isAdmin ? 2 : 1}
    >
      <ul className="home-list" aria-busy={summary.isPending || (isAdmin && posts.isPending)}>
        <ReviewLine
          status={summary.status}
          count={summary.data?.pending}
          text={(count) => t('shell.home.reviewHours', { count })}
          action={t('shell.home.reviewHoursAction')}
          to={APP_ROUTES.supervisor}
        />
        {isAdmin ? (
          <ReviewLine
            status={posts.status}
            count={posts.data}
            text={(count) => t('shell.home.reviewPosts', { count })}
            action={t('shell.home.reviewPostsAction')}
            to={APP_ROUTES.blog}
          />
        ) : null}
      </ul>
    </HomeBlock>
  );
}

export function HomeBlocks({ user }: { user: CurrentUser }) {
  const { t } = useT();
  const reviewer = user.isAdmin || user.isSupervisor;
  return (
    <section className="home__mine" aria-label={t('shell.home.mineLabel')}>
      {reviewer ? (
        <ReviewBlock isAdmin={user.isAdmin} />
      ) : (
        <>
          <NextSignups />
          <GoalProgressBlock />
          <NewOpportunities userId={user.id} />
        </>
      )}
    </section>
  );
}
