/**
 * The engine tests' own scenarios, by name. They began as copies of the course's presets
 * (content/presets) and belong to the tests now: a preset can be reworded or retuned for a lesson
 * without changing what an engine test checks.
 */
import type { Scenario } from "./scenario";

export const testScenarios: Record<string, Scenario> = {
  "gc-pause": {
    "version": 1,
    "name": "GC pause, no fencing",
    "service": {
      "kind": "redis",
      "ttlMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 1000,
        "forMs": 15000
      }
    ]
  },
  "gc-pause-fenced": {
    "version": 1,
    "name": "GC pause with fencing",
    "service": {
      "kind": "redis",
      "ttlMs": 10000,
      "tokens": "incr"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "storage": {
      "guard": "fencing"
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 1000,
        "forMs": 15000
      }
    ]
  },
  "check-before-write": {
    "version": 1,
    "name": "Check, then pause",
    "service": {
      "kind": "redis",
      "ttlMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000,
      "checkBeforeWrite": true
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atPhase": "before-write",
        "forMs": 15000
      }
    ]
  },
  "fencing-read-gap": {
    "version": 1,
    "name": "Read-modify-write gap",
    "service": {
      "kind": "redis",
      "ttlMs": 10000,
      "tokens": "incr"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "storage": {
      "guard": "fencing"
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 1000,
        "forMs": 9800
      }
    ]
  },
  "redlock-clock-jump": {
    "version": 1,
    "name": "Redlock clock jump",
    "service": {
      "kind": "redlock",
      "ttlMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        3000
      ],
      "workMs": 8000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "partition",
        "between": [
          "c1",
          "r4"
        ],
        "atMs": 0,
        "forMs": 1000
      },
      {
        "kind": "partition",
        "between": [
          "c1",
          "r5"
        ],
        "atMs": 0,
        "forMs": 1000
      },
      {
        "kind": "clock-jump",
        "target": "r3",
        "atMs": 2000,
        "byMs": 30000
      }
    ]
  },
  "redlock-pause-during-acquire": {
    "version": 1,
    "name": "Redlock pause during acquisition",
    "service": {
      "kind": "redlock",
      "ttlMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 1,
        "forMs": 12000
      }
    ]
  },
  "redis-failover": {
    "version": 1,
    "name": "Redis failover",
    "service": {
      "kind": "redis",
      "ttlMs": 30000,
      "replica": {
        "lagMs": 1000
      }
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        6000
      ],
      "workMs": 10000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "failover",
        "atMs": 50
      }
    ]
  },
  "incr-token-regression": {
    "version": 1,
    "name": "Token regression on failover",
    "service": {
      "kind": "redis",
      "ttlMs": 30000,
      "tokens": "incr",
      "replica": {
        "lagMs": 1000
      }
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        6000
      ],
      "workMs": 10000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "storage": {
      "guard": "fencing"
    },
    "faults": [
      {
        "kind": "failover",
        "atMs": 50
      }
    ]
  },
  "cron-double-run": {
    "version": 1,
    "name": "Cron double run",
    "durationMs": 30000,
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "clients": {
      "count": 2,
      "workMs": 8000
    },
    "workload": {
      "kind": "cron",
      "everyMs": 60000,
      "runs": 1
    },
    "clocks": {
      "per": {
        "c2": {
          "offsetMs": -6000
        }
      }
    }
  },
  "cron-idempotency": {
    "version": 1,
    "name": "Cron with idempotency key",
    "durationMs": 30000,
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "clients": {
      "count": 2,
      "workMs": 8000
    },
    "workload": {
      "kind": "cron",
      "everyMs": 60000,
      "runs": 1
    },
    "clocks": {
      "per": {
        "c2": {
          "offsetMs": -6000
        }
      }
    },
    "storage": {
      "guard": "idempotency"
    }
  },
  "no-lock": {
    "version": 1,
    "name": "No lock, no guard",
    "service": {
      "kind": "none"
    },
    "clients": {
      "count": 5,
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 2
    }
  },
  "no-lock-cas": {
    "version": 1,
    "name": "No lock, compare-and-set",
    "durationMs": 120000,
    "service": {
      "kind": "none"
    },
    "clients": {
      "count": 5,
      "workMs": [
        10,
        200
      ]
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 4
    },
    "storage": {
      "guard": "cas"
    }
  },
  "crash-takeover": {
    "version": 1,
    "name": "Crash and takeover",
    "service": {
      "kind": "redis",
      "ttlMs": 30000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 10000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "crash",
        "target": "c1",
        "atMs": 5000,
        "host": true
      }
    ]
  },
  "outage-fail-closed": {
    "version": 1,
    "name": "Outage, fail closed",
    "durationMs": 100000,
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "workload": {
      "kind": "cron",
      "everyMs": 10000,
      "runs": 10
    },
    "faults": [
      {
        "kind": "outage",
        "atMs": 9500,
        "forMs": 60000
      }
    ],
    "clients": {
      "count": 2,
      "workMs": 1000,
      "onLockUnavailable": "fail-closed"
    }
  },
  "outage-fail-open": {
    "version": 1,
    "name": "Outage, fail open",
    "durationMs": 100000,
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "workload": {
      "kind": "cron",
      "everyMs": 10000,
      "runs": 10
    },
    "faults": [
      {
        "kind": "outage",
        "atMs": 9500,
        "forMs": 60000
      }
    ],
    "clients": {
      "count": 2,
      "workMs": 1000,
      "onLockUnavailable": "fail-open"
    }
  },
  "etcd-fenced": {
    "version": 1,
    "name": "etcd, fenced, chaos",
    "durationMs": 120000,
    "service": {
      "kind": "etcd",
      "ttlMs": 5000
    },
    "clients": {
      "count": 5,
      "workMs": [
        500,
        3000
      ]
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 3
    },
    "storage": {
      "guard": "fencing",
      "fenceReads": true
    },
    "chaos": {
      "pauseEveryMs": 4000,
      "pauseMs": [
        100,
        8000
      ]
    }
  },
  "etcd-pause-unfenced": {
    "version": 1,
    "name": "etcd, pause, no fencing",
    "service": {
      "kind": "etcd",
      "ttlMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 1000,
        "forMs": 15000
      }
    ]
  },
  "ttl-shorter-than-work": {
    "version": 1,
    "name": "TTL shorter than work",
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 8000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    }
  },
  "ttl-renewed": {
    "version": 1,
    "name": "Renewed lease",
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 8000,
      "renewEveryMs": 1500
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    }
  },
  "delete-release": {
    "version": 1,
    "name": "Plain DEL release",
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "clients": {
      "count": 3,
      "startMs": [
        0,
        100,
        5600
      ],
      "workMs": 8000,
      "release": "delete"
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    }
  },
  "redis-clock-jump": {
    "version": 1,
    "name": "Redis clock jump",
    "service": {
      "kind": "redis",
      "ttlMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 6000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "clock-jump",
        "target": "redis",
        "atMs": 3000,
        "byMs": 8000
      }
    ]
  },
  "client-clock-jump": {
    "version": 1,
    "name": "Client clock jump",
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 4000,
      "checkBeforeWrite": true
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 1000,
        "forMs": 3000
      },
      {
        "kind": "clock-jump",
        "target": "c1",
        "atMs": 3000,
        "byMs": -8000
      }
    ]
  },
  "redlock-restart": {
    "version": 1,
    "name": "Redlock node restart",
    "service": {
      "kind": "redlock",
      "ttlMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        3000
      ],
      "workMs": 8000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "partition",
        "between": [
          "c1",
          "r4"
        ],
        "atMs": 0,
        "forMs": 1000
      },
      {
        "kind": "partition",
        "between": [
          "c1",
          "r5"
        ],
        "atMs": 0,
        "forMs": 1000
      },
      {
        "kind": "crash",
        "target": "r3",
        "atMs": 2000,
        "restartAfterMs": 100
      }
    ]
  },
  "redlock-restart-delayed": {
    "version": 1,
    "name": "Redlock delayed restart",
    "service": {
      "kind": "redlock",
      "ttlMs": 10000,
      "restartDelayMs": 11000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        3000
      ],
      "workMs": 8000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "partition",
        "between": [
          "c1",
          "r4"
        ],
        "atMs": 0,
        "forMs": 1000
      },
      {
        "kind": "partition",
        "between": [
          "c1",
          "r5"
        ],
        "atMs": 0,
        "forMs": 1000
      },
      {
        "kind": "crash",
        "target": "r3",
        "atMs": 2000,
        "restartAfterMs": 100
      }
    ]
  },
  "etcd-crash-takeover": {
    "version": 1,
    "name": "etcd crash takeover",
    "service": {
      "kind": "etcd",
      "ttlMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 10000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "crash",
        "target": "c1",
        "atMs": 5000,
        "host": true
      }
    ]
  },
  "delayed-write": {
    "version": 1,
    "name": "Delayed write, fenced",
    "durationMs": 120000,
    "service": {
      "kind": "etcd",
      "ttlMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "storage": {
      "guard": "fencing"
    },
    "faults": [
      {
        "kind": "delay",
        "from": "c1",
        "to": "storage",
        "atMs": 1000,
        "byMs": 90000
      },
      {
        "kind": "crash",
        "target": "c1",
        "atMs": 2500,
        "host": true
      }
    ]
  },
  "etcd-quorum-loss": {
    "version": 1,
    "name": "etcd quorum loss",
    "durationMs": 30000,
    "service": {
      "kind": "etcd",
      "ttlMs": 5000
    },
    "clients": {
      "count": 2,
      "workMs": 1000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 5
    },
    "storage": {
      "guard": "fencing"
    },
    "faults": [
      {
        "kind": "crash",
        "target": "e2",
        "atMs": 5000,
        "restartAfterMs": 10000
      },
      {
        "kind": "crash",
        "target": "e3",
        "atMs": 5000,
        "restartAfterMs": 10000
      }
    ]
  },
  "chaos-default": {
    "version": 1,
    "name": "Five clients, chaos",
    "durationMs": 60000,
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "clients": {
      "count": 5,
      "workMs": [
        500,
        3000
      ]
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 3
    },
    "chaos": {
      "pauseEveryMs": 8000,
      "pauseMs": [
        100,
        8000
      ]
    }
  },
  "zk-partition": {
    "version": 1,
    "name": "ZooKeeper partition",
    "service": {
      "kind": "zookeeper",
      "sessionTimeoutMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 12000,
      "checkBeforeWrite": true
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "partition",
        "between": [
          "c1",
          "z1"
        ],
        "atMs": 5000,
        "forMs": 20000
      },
      {
        "kind": "partition",
        "between": [
          "c1",
          "z2"
        ],
        "atMs": 5000,
        "forMs": 20000
      },
      {
        "kind": "partition",
        "between": [
          "c1",
          "z3"
        ],
        "atMs": 5000,
        "forMs": 20000
      }
    ]
  },
  "zk-pause-fenced": {
    "version": 1,
    "name": "ZooKeeper pause, fenced",
    "service": {
      "kind": "zookeeper",
      "sessionTimeoutMs": 10000
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 8000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "storage": {
      "guard": "fencing"
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 5000,
        "forMs": 20000
      }
    ]
  },
  "chubby-lock-delay": {
    "version": 1,
    "name": "Chubby lock-delay",
    "durationMs": 90000,
    "service": {
      "kind": "chubby"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "delay",
        "from": "c1",
        "to": "storage",
        "atMs": 1000,
        "byMs": 30000
      },
      {
        "kind": "crash",
        "target": "c1",
        "atMs": 2500,
        "host": true
      }
    ]
  },
  "chubby-no-lock-delay": {
    "version": 1,
    "name": "Chubby, no lock-delay",
    "durationMs": 90000,
    "service": {
      "kind": "chubby",
      "lockDelayMs": 0
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "delay",
        "from": "c1",
        "to": "storage",
        "atMs": 1000,
        "byMs": 30000
      },
      {
        "kind": "crash",
        "target": "c1",
        "atMs": 2500,
        "host": true
      }
    ]
  },
  "chubby-partition": {
    "version": 1,
    "name": "Chubby, holder cut off",
    "durationMs": 120000,
    "service": {
      "kind": "chubby"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 30000,
      "checkBeforeWrite": true
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "partition",
        "between": [
          "c1",
          "chubby"
        ],
        "atMs": 5000,
        "forMs": 60000
      }
    ]
  },
  "pg-advisory-pause": {
    "version": 1,
    "name": "Postgres advisory lock, pause",
    "service": {
      "kind": "postgres",
      "mode": "advisory"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 1000,
        "forMs": 15000
      }
    ]
  },
  "pg-lock-table-skew": {
    "version": 1,
    "name": "Lock table, client clocks",
    "service": {
      "kind": "postgres",
      "mode": "lock-table",
      "expiryClock": "client"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 15000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "clocks": {
      "per": {
        "c2": {
          "offsetMs": 20000
        }
      }
    }
  },
  "pg-lock-table-db-clock": {
    "version": 1,
    "name": "Lock table, database clock",
    "service": {
      "kind": "postgres",
      "mode": "lock-table",
      "expiryClock": "db"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 15000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "clocks": {
      "per": {
        "c2": {
          "offsetMs": 20000
        }
      }
    }
  },
  "pg-for-update": {
    "version": 1,
    "name": "Postgres FOR UPDATE",
    "service": {
      "kind": "postgres",
      "mode": "for-update"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "delay",
        "from": "c1",
        "to": "storage",
        "atMs": 1000,
        "byMs": 30000
      },
      {
        "kind": "crash",
        "target": "c1",
        "atMs": 2500
      }
    ]
  },
  "k8s-paused-leader": {
    "version": 1,
    "name": "Kubernetes paused leader",
    "service": {
      "kind": "kubernetes"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 4000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 1000,
        "forMs": 19000
      }
    ]
  },
  "k8s-partitioned-leader": {
    "version": 1,
    "name": "Kubernetes partitioned leader",
    "service": {
      "kind": "kubernetes"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 14000,
      "checkBeforeWrite": true
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "partition",
        "between": [
          "c1",
          "k8s"
        ],
        "atMs": 1000,
        "forMs": 20000
      }
    ]
  },
  "traffic-1x": {
    "version": 1,
    "name": "Traffic 1×",
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "clients": {
      "count": 8,
      "workMs": 50
    },
    "workload": {
      "kind": "stream",
      "ratePerSec": 4
    }
  },
  "traffic-10x": {
    "version": 1,
    "name": "Traffic 10×",
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "clients": {
      "count": 8,
      "workMs": 50
    },
    "workload": {
      "kind": "stream",
      "ratePerSec": 40
    }
  },
  "hot-key": {
    "version": 1,
    "name": "Hot key",
    "service": {
      "kind": "redis",
      "ttlMs": 5000
    },
    "clients": {
      "count": 8,
      "workMs": 50
    },
    "workload": {
      "kind": "stream",
      "ratePerSec": 40,
      "keys": 16,
      "hotKeyShare": 0.9
    }
  },
  "partitioned-owner": {
    "version": 1,
    "name": "Partitioned owner",
    "service": {
      "kind": "none"
    },
    "clients": {
      "count": 8,
      "workMs": 50
    },
    "workload": {
      "kind": "stream",
      "ratePerSec": 40,
      "keys": 16,
      "routing": "owner"
    }
  },
  "service-saturated": {
    "version": 1,
    "name": "API server saturated",
    "service": {
      "kind": "kubernetes"
    },
    "clients": {
      "count": 64,
      "workMs": 50
    },
    "workload": {
      "kind": "stream",
      "ratePerSec": 200,
      "keys": 1024
    }
  },
  "storage-failover-fenced": {
    "version": 1,
    "name": "Storage failover under fencing",
    "service": {
      "kind": "redis",
      "ttlMs": 10000,
      "tokens": "incr"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 2000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "storage": {
      "guard": "fencing"
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 1000,
        "forMs": 15000
      },
      {
        "kind": "storage-failover",
        "atMs": 12500,
        "lagMs": 1000
      }
    ]
  },
  "redis-failover-sentinel": {
    "version": 1,
    "name": "Redis failover, Sentinel's delay",
    "durationMs": 90000,
    "service": {
      "kind": "redis",
      "ttlMs": 30000,
      "replica": {
        "lagMs": 1000
      }
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        6000
      ],
      "workMs": 10000
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "failover",
        "atMs": 50,
        "promoteAfterMs": 31000
      }
    ]
  },
  "k8s-controller-exits": {
    "version": 1,
    "name": "Kubernetes controller exits",
    "service": {
      "kind": "kubernetes"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 20000,
      "onLockLost": "abort"
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "partition",
        "between": [
          "c1",
          "k8s"
        ],
        "atMs": 1000,
        "forMs": 20000
      }
    ]
  },
  "k8s-notice-too-late": {
    "version": 1,
    "name": "Kubernetes notice too late",
    "service": {
      "kind": "kubernetes"
    },
    "clients": {
      "count": 2,
      "startMs": [
        0,
        100
      ],
      "workMs": 4000,
      "onLockLost": "abort"
    },
    "workload": {
      "kind": "counter",
      "jobsPerClient": 1
    },
    "faults": [
      {
        "kind": "pause",
        "target": "c1",
        "atMs": 1000,
        "forMs": 19000
      }
    ]
  }
};
