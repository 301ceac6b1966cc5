// AdRequestKit: the consent logic an app ships (statuses, the decision tables, the request builder,
// the coordinator, the service and the glue seam), written only against the ports it declares for
// the outside world.
