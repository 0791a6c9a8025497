import type {
  jobDetailSchema,
  jobListSchema,
  jobSchema,
  JobState,
  JobSummary,
} from '@bo/contract/jobs';
import { JOBS_API } from '@bo/contract/jobs';
import type { z } from 'zod';

import { api } from '../../store/api';

export type JobList = z.output<typeof jobListSchema>;
export type Job = z.output<typeof jobSchema>;
export type JobDetail = z.output<typeof jobDetailSchema>;
export type { JobState, JobSummary };

export type JobsArgs = { page: number; limit: number; state?: JobState; kind?: string };

const byId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** Administration → Jobs: the queue's summary and jobs, polled while the page is open. */
const jobsApi = api.enhanceEndpoints({ addTagTypes: ['Job'] }).injectEndpoints({
  endpoints: (build) => ({
    jobSummary: build.query<JobSummary, void>({
      query: () => ({ url: JOBS_API.summary }),
      providesTags: ['Job'],
    }),
    jobs: build.query<JobList, JobsArgs>({
      query: ({ page, limit, state, kind }) => ({
        url: JOBS_API.list,
        query: { page, limit, state, kind },
      }),
      providesTags: ['Job'],
    }),
    job: build.query<JobDetail, string>({
      query: (id) => ({ url: byId(JOBS_API.job, id) }),
      providesTags: ['Job'],
    }),
    retryJob: build.mutation<Job, string>({
      query: (id) => ({ url: byId(JOBS_API.retry, id), method: 'POST' }),
      invalidatesTags: ['Job'],
    }),
    cancelJob: build.mutation<Job, string>({
      query: (id) => ({ url: byId(JOBS_API.cancel, id), method: 'POST' }),
      invalidatesTags: ['Job'],
    }),
  }),
});

export const {
  useJobSummaryQuery,
  useJobsQuery,
  useJobQuery,
  useRetryJobMutation,
  useCancelJobMutation,
} = jobsApi;
