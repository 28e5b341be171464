-- 0023_0_move_job_files (postgres). Written by hand: queued and running imports' files move to sys_job_input before
-- 0023_alter_sys_job drops sys_job.input, so an upgrade with an import waiting still runs it.
INSERT INTO sys_job_input (job_id, input) SELECT id, input FROM sys_job WHERE input IS NOT NULL;
