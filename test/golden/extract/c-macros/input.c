/* Macro shapes from the Linux kernel that the C grammar recovers badly from. */
#define for_each_sched_entity(se) \
		for (; se; se = se->parent)

unsigned int sysctl_sched_child_runs_first __read_mostly;

static void set_skip_buddy(struct sched_entity *se)
{
	for_each_sched_entity(se)
		cfs_rq_of(se)->skip = se;
}

struct task_struct *
pick_next_task_fair(struct rq *rq, struct task_struct *prev, struct rq_flags *rf)
{
	struct sched_entity *se;

	list_for_each_entry_safe(se, next,
				 &rq->leaf_list, group_node) {
		if (se->on_rq)
			continue;
		else
			for_each_cpu(cpu, rq->span) put_prev_entity(rq, se);
	}
	do
		hlist_for_each_entry(se, &rq->head, node) count++;
	while (0);
	return task_of(se);
}

/* A call statement and a definition that happen to carry an iterator's name stay what they are. */
static int for_each_node_cb(int (*fn)(int node))
{
	for_each_online_node(fn);
	return 0;
}

static int __init sched_fair_init(void)
{
	return copy_from_user_buf((char __user *)0, 0);
}

/* An unknown loop macro still breaks the parse; what follows is never nested in a function. */
static void walk_tasks(struct rq *rq)
{
	SOME_LOOP(rq)
		task_of(rq)->touched = 1;
}

static void after_unknown_macro(void)
{
	touch(0);
}
