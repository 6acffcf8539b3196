// Package agents is the registry of the agents Warden guards: one list,
// All, that every front end iterates — `warden hook --agent NAME` finds
// the agent's protocol there, `warden init NAME` its install, `warden
// doctor` its checks, the daemon its hook endpoint, and every front end
// the environment variable in which the agent names its project. No front
// end names an agent.
//
// Adding an agent is one package under agent/ whose value implements
// Agent, and its line in All.
package agents
